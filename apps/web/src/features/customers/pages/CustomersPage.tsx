import type { CustomerRow } from '@kxt/contracts/customers';
import { CUSTOMER_EXPORT_COLUMNS } from '@kxt/contracts/list-export';
import { Button, Flex, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { customerListPath } from '../../../components/customer-picker/CustomerFilter.tsx';
import { type BulkContext, postBulk, useBulkAction } from '../../../components/DataTable/bulk.tsx';
import {
  actionsColumn,
  CompanyName,
  CUSTOMER_NAME_WIDTH,
  countryColumn,
  createdAtColumn,
  keywordColumn,
  stateColumn,
} from '../../../components/DataTable/common-columns.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { RowBadges } from '../../../components/DataTable/RowBadges.tsx';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types.ts';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { listCustomers } from '../api/list-customers.ts';
import { updateCustomer } from '../api/update-customer.ts';
import { CustomerDetailDrawer } from '../components/CustomerDetailDrawer.tsx';
import { CustomerEditDialog } from '../components/CustomerEditDialog.tsx';
import { VerifyCompanyDialog } from '../components/VerifyCompanyDialog.tsx';

export default function CustomersPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const actionRef = useRef<DataTableAction>(null);
  const [viewing, setViewing] = useState<CustomerRow | null>(null);
  const [editing, setEditing] = useState<CustomerRow | null>(null);
  const [verifying, setVerifying] = useState<CustomerRow | null>(null);
  const [bulk, bulkHolder] = useBulkAction();
  const suspendButton = (suspend: boolean, context: BulkContext) => {
    const action = t(suspend ? 'customers.bulkSuspend' : 'customers.bulkResume');
    return (
      <Button
        key={String(suspend)}
        size="small"
        danger={suspend}
        onClick={() =>
          void bulk(
            {
              action,
              danger: suspend,
              run: (target) => postBulk('/api/admin/customers/bulk', target, { suspend }),
            },
            context,
          )
        }
      >
        {action}
      </Button>
    );
  };

  const columns: DataTableColumn<CustomerRow>[] = [
    keywordColumn(t('lists.keyword'), t('customers.keywordPlaceholder')),
    {
      title: t('customers.name'),
      dataIndex: 'name',
      search: false,
      sorter: true,
      fixed: 'left',
      width: CUSTOMER_NAME_WIDTH,
      render: (dom, row) => (
        <Space size={4}>
          <CompanyName>{dom}</CompanyName>
          <RowBadges row={row} />
        </Space>
      ),
    },
    stateColumn({
      title: t('accounts.verify.column'),
      dataIndex: 'verification',
      search: false,
      render: (_dom, row) =>
        row.verification === 'pending' ? (
          <Tag color="orange">{t('accounts.verify.pending')}</Tag>
        ) : (
          <Tag color="green">{t('accounts.verify.verified')}</Tag>
        ),
    }),
    { title: t('customers.contactName'), dataIndex: 'contactName', search: false, editable: true },
    { title: t('customers.phone'), dataIndex: 'phone', search: false, editable: true },
    { title: t('customers.email'), dataIndex: 'email', search: false, editable: true },
    countryColumn(t('lists.country'), i18n.language),
    // A staff member's name and a count: their titles wrap (Account / owner) rather than widening the list.
    { title: t('customers.owner'), dataIndex: 'ownerName', search: false, width: 100 },
    {
      title: t('customers.serviceItemCount'),
      dataIndex: 'serviceItemCount',
      search: false,
      align: 'right',
      width: 90,
    },
    // When the record was made is rarely asked of a customer; shown from 列设置.
    { ...createdAtColumn<CustomerRow>(t('lists.createdAt')), defaultHidden: true },
    actionsColumn(t('rowActions.actions'), [
      // A pending company's first action is its verification.
      {
        label: t('accounts.verify.action'),
        onClick: (row) => setVerifying(row),
        hidden: (row) => row.verification !== 'pending',
      },
      { label: t('rowActions.view'), onClick: (row) => setViewing(row) },
      { label: t('rowActions.edit'), onClick: (row) => setEditing(row) },
      // The customer's work in the other lists, filtered by the address so the view can be shared.
      {
        label: t('customers.openServiceItems'),
        onClick: (row) => navigate(customerListPath('/admin/service-items', row.id)),
      },
      {
        label: t('customers.openTaxDeclarations'),
        onClick: (row) => navigate(customerListPath('/admin/tax-declarations', row.id)),
      },
    ]),
  ];

  return (
    <Flex vertical gap="large">
      {bulkHolder}
      <PageTitle title={t('customers.title')} description={t('customers.description')} />
      <DataTable<CustomerRow>
        tableKey="admin.customers"
        exportable={{ path: '/api/admin/customers/export', columns: CUSTOMER_EXPORT_COLUMNS }}
        rowKey="id"
        columns={columns}
        request={listCustomers}
        statusTabs={{ dataIndex: 'status' }}
        rowSelection={{}}
        bulkActions={(context) => [suspendButton(true, context), suspendButton(false, context)]}
        actionRef={actionRef}
        editable={{ onSave: (id, changes) => updateCustomer(Number(id), changes) }}
      />
      <CustomerDetailDrawer row={viewing} onClose={() => setViewing(null)} />
      <VerifyCompanyDialog
        row={verifying}
        onClose={() => setVerifying(null)}
        onSaved={() => void actionRef.current?.reload()}
      />
      <CustomerEditDialog
        row={editing}
        onClose={() => setEditing(null)}
        onSaved={() => void actionRef.current?.reload()}
      />
    </Flex>
  );
}
