import { TAX_DECLARATION_EXPORT_COLUMNS } from '@kxt/contracts/list-export';
import type { AmountTotal, TaxDeclarationPatch, TaxDeclarationRow } from '@kxt/contracts/tax-declarations';
import { TAX_PERIOD_PATTERN } from '@kxt/contracts/tax-declarations';
import { Button, Flex } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerFilter } from '../../../components/customer-picker/CustomerFilter.tsx';
import { postBulk, useBulkAction } from '../../../components/DataTable/bulk.tsx';
import {
  actionsColumn,
  countryColumn,
  customerNameColumn,
  dateColumn,
  keywordColumn,
  serviceCodeColumn,
  stateColumn,
} from '../../../components/DataTable/common-columns.tsx';
import { useConfirm } from '../../../components/DataTable/confirm.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { formatMoney } from '../../../components/DataTable/format.ts';
import { useRowActions } from '../../../components/DataTable/row-actions.ts';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types.ts';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { listTaxDeclarations } from '../api/list-tax-declarations.ts';
import { updateTaxDeclaration } from '../api/update-tax-declaration.ts';
import { BulkDeclareFields, defaultDeclareValues } from '../components/BulkDeclareFields.tsx';
import { TaxDeclarationDetailDrawer } from '../components/TaxDeclarationDetailDrawer.tsx';
import { TaxDeclarationEditDialog } from '../components/TaxDeclarationEditDialog.tsx';
import { declaredByEnum, overdueEnum, taxStatusEnum } from '../components/tax-enums.ts';

export default function TaxDeclarationsPage() {
  const { t, i18n } = useTranslation();
  const actionRef = useRef<DataTableAction>(null);
  const rowActions = useRowActions();
  const [confirm, confirmHolder] = useConfirm();
  const [viewing, setViewing] = useState<TaxDeclarationRow | null>(null);
  const [editing, setEditing] = useState<TaxDeclarationRow | null>(null);
  const [totals, setTotals] = useState<AmountTotal[]>([]);
  const [bulk, bulkHolder] = useBulkAction();

  const columns: DataTableColumn<TaxDeclarationRow>[] = [
    keywordColumn(t('lists.keyword'), t('taxDeclarations.keywordPlaceholder')),
    serviceCodeColumn(t('taxDeclarations.serviceCode')),
    customerNameColumn(t('taxDeclarations.customer')),
    countryColumn(t('lists.country'), i18n.language),
    {
      title: t('taxDeclarations.taxPeriod'),
      dataIndex: 'taxPeriod',
      fieldProps: { placeholder: t('taxDeclarations.taxPeriodPlaceholder') },
      formItemProps: {
        rules: [{ pattern: TAX_PERIOD_PATTERN, message: t('taxDeclarations.taxPeriodInvalid') }],
      },
    },
    dateColumn({
      title: t('taxDeclarations.dueDate'),
      dataIndex: 'dueDate',
      search: false,
      sorter: true,
      editable: true,
      fieldProps: { allowClear: false },
    }),
    { title: t('taxDeclarations.dueFrom'), dataIndex: 'dueFrom', valueType: 'date', hideInTable: true },
    { title: t('taxDeclarations.dueTo'), dataIndex: 'dueTo', valueType: 'date', hideInTable: true },
    {
      title: t('taxDeclarations.amount'),
      dataIndex: 'amount',
      search: false,
      sorter: true,
      align: 'right',
      render: (_dom, row) => formatMoney(row.amount, row.currency, i18n.language),
    },
    stateColumn({
      title: t('taxDeclarations.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: taxStatusEnum(t),
      search: false,
    }),
    {
      title: t('taxDeclarations.daysOverdue'),
      dataIndex: 'daysOverdue',
      search: false,
      sorter: true,
      align: 'right',
      // A few digits: the English title wraps (Days / overdue) rather than widening the list.
      width: 90,
      render: (_dom, row) => (row.daysOverdue > 0 ? row.daysOverdue : '-'),
    },
    // When and by whom a return was declared is its record, read in the detail: the list, which chases returns by
    // due date and status, fits a 1440 px screen without the two (列设置 shows them).
    dateColumn({
      title: t('taxDeclarations.declaredDate'),
      dataIndex: 'declaredDate',
      search: false,
      sorter: true,
      defaultHidden: true,
    }),
    {
      title: t('taxDeclarations.declaredBy'),
      dataIndex: 'declaredBy',
      valueType: 'select',
      valueEnum: declaredByEnum(t),
      defaultHidden: true,
    },
    {
      title: t('taxDeclarations.overdue'),
      dataIndex: 'overdueStatus',
      hideInTable: true,
      valueType: 'select',
      valueEnum: overdueEnum(t),
    },
    actionsColumn(t('rowActions.actions'), [
      // Most used first: the first two show, the rest are under 更多.
      { label: t('rowActions.view'), onClick: (row) => setViewing(row) },
      { label: t('rowActions.edit'), onClick: (row) => setEditing(row) },
      { label: t('rowActions.copy'), onClick: (row) => void rowActions.copy(row.serviceCode) },
    ]),
  ];

  const customerFilter = useCustomerFilter();

  return (
    <Flex vertical gap="large">
      {confirmHolder}
      {bulkHolder}
      <PageTitle title={t('taxDeclarations.title')} description={t('taxDeclarations.description')} />
      {customerFilter.tag}
      <DataTable<TaxDeclarationRow, Awaited<ReturnType<typeof listTaxDeclarations>>>
        tableKey="admin.tax-declarations"
        exportable={{ path: '/api/admin/tax-declarations/export', columns: TAX_DECLARATION_EXPORT_COLUMNS }}
        rowKey="id"
        columns={columns}
        request={listTaxDeclarations}
        params={customerFilter.params}
        onLoad={(result) => {
          setTotals(result.amountTotals ?? []);
          customerFilter.noteRows(result.data);
        }}
        onReset={customerFilter.clear}
        headerTitle={
          <span style={{ fontSize: 14, fontWeight: 'normal' }}>
            {t('listTotals.amount', {
              totals:
                totals.length > 0
                  ? totals
                      .map((total) => formatMoney(total.amount, total.currency, i18n.language))
                      .join(' · ')
                  : '-',
            })}
          </span>
        }
        statusTabs={{ dataIndex: 'status' }}
        rowSelection={{}}
        bulkActions={(context) => (
          <Button
            size="small"
            onClick={() => {
              let values = defaultDeclareValues();
              void bulk(
                {
                  action: t('taxDeclarations.bulkDeclare'),
                  fields: <BulkDeclareFields onChange={(next) => (values = next)} />,
                  run: (target) => postBulk('/api/admin/tax-declarations/bulk', target, { ...values }),
                },
                context,
              );
            }}
          >
            {t('taxDeclarations.bulkDeclare')}
          </Button>
        )}
        actionRef={actionRef}
        editable={{
          onSave: (id, changes) => updateTaxDeclaration(Number(id), changes as TaxDeclarationPatch),
        }}
      />
      <TaxDeclarationDetailDrawer row={viewing} onClose={() => setViewing(null)} />
      <TaxDeclarationEditDialog
        row={editing}
        onClose={() => setEditing(null)}
        onSaved={() => void actionRef.current?.reload()}
        confirmUndeclare={() =>
          confirm({
            title: t('taxDeclarations.undeclareTitle'),
            content: t('taxDeclarations.undeclareContent'),
          })
        }
      />
    </Flex>
  );
}
