import { SERVICE_CATEGORIES, SERVICE_TYPES } from '@kxt/contracts/business';
import { SERVICE_ITEM_EXPORT_COLUMNS } from '@kxt/contracts/list-export';
import type { ServiceItemPatch, ServiceItemRow } from '@kxt/contracts/service-items';
import { Button, Dropdown, Flex } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerFilter } from '../../../components/customer-picker/CustomerFilter.tsx';
import { postBulk, useBulkAction } from '../../../components/DataTable/bulk.tsx';
import {
  actionsColumn,
  countryColumn,
  createdAtColumn,
  customerNameColumn,
  dateColumn,
  keywordColumn,
  serviceCodeColumn,
  stateColumn,
} from '../../../components/DataTable/common-columns.tsx';
import { useConfirm } from '../../../components/DataTable/confirm.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { useRowActions } from '../../../components/DataTable/row-actions.ts';
import type { DataTableAction, DataTableColumn } from '../../../components/DataTable/types.ts';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { listServiceItems } from '../api/list-service-items.ts';
import { updateServiceItem } from '../api/update-service-item.ts';
import { ServiceItemDetailDrawer } from '../components/ServiceItemDetailDrawer.tsx';
import { ServiceItemEditDialog } from '../components/ServiceItemEditDialog.tsx';
import { overdueEnum, statusEnum, yesNoEnum } from '../components/service-item-enums.ts';

export default function ServiceItemsPage() {
  const { t, i18n } = useTranslation();
  const actionRef = useRef<DataTableAction>(null);
  const rowActions = useRowActions();
  const [confirm, confirmHolder] = useConfirm();
  const [bulk, bulkHolder] = useBulkAction();
  const statuses = statusEnum(t);
  const [viewing, setViewing] = useState<ServiceItemRow | null>(null);
  const [editing, setEditing] = useState<ServiceItemRow | null>(null);

  const confirmTerminate = (row: ServiceItemRow) =>
    confirm({
      title: t('serviceItems.terminateTitle', { code: row.serviceCode }),
      content: t('serviceItems.terminateContent'),
    });

  const columns: DataTableColumn<ServiceItemRow>[] = [
    keywordColumn(t('lists.keyword'), t('serviceItems.keywordPlaceholder')),
    serviceCodeColumn(t('serviceItems.serviceCode'), { sorter: true }),
    customerNameColumn(t('serviceItems.customer')),
    // English service names are long (France EPR packaging registration): on two lines they leave room for the dates.
    { title: t('serviceItems.service'), dataIndex: 'serviceName', search: false, width: 170 },
    // The service names its country (France EPR packaging registration) and so does the code (EPRFR…): the column
    // is left to 列设置, and the list fits a 1440 px screen. Its search field stays.
    { ...countryColumn<ServiceItemRow>(t('lists.country'), i18n.language), defaultHidden: true },
    stateColumn({
      title: t('serviceItems.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: statusEnum(t),
      search: false,
      editable: true,
      fieldProps: { allowClear: false },
    }),
    dateColumn({ title: t('serviceItems.startDate'), dataIndex: 'startDate', search: false, sorter: true }),
    dateColumn({
      title: t('serviceItems.endDate'),
      dataIndex: 'endDate',
      search: false,
      sorter: true,
      editable: true,
    }),
    {
      title: t('serviceItems.remark'),
      dataIndex: 'remark',
      search: false,
      editable: true,
      ellipsis: true,
      width: 120,
      fieldProps: { maxLength: 500 },
    },
    {
      title: t('serviceItems.overdue'),
      dataIndex: 'overdueStatus',
      hideInTable: true,
      valueType: 'select',
      valueEnum: overdueEnum(t),
    },
    {
      title: t('serviceItems.isArrears'),
      dataIndex: 'isArrears',
      hideInTable: true,
      valueType: 'select',
      valueEnum: yesNoEnum(t),
    },
    {
      title: t('serviceItems.suspend'),
      dataIndex: 'suspend',
      hideInTable: true,
      valueType: 'select',
      valueEnum: yesNoEnum(t),
    },
    // When the record was made is rarely asked (the start date is the service's own); shown from 列设置.
    { ...createdAtColumn<ServiceItemRow>(t('lists.createdAt')), defaultHidden: true },
    actionsColumn(t('rowActions.actions'), [
      // Most used first: the first two show, the rest are under 更多.
      { label: t('rowActions.view'), onClick: (row) => setViewing(row) },
      { label: t('rowActions.edit'), onClick: (row) => setEditing(row) },
      { label: t('rowActions.copy'), onClick: (row) => void rowActions.copy(row.serviceCode) },
      { label: t('rowActions.newService'), onClick: (row) => rowActions.goToNewService(row.servicePerform) },
    ]),
  ];

  const customerFilter = useCustomerFilter();

  return (
    <Flex vertical gap="large">
      {confirmHolder}
      {bulkHolder}
      <PageTitle title={t('serviceItems.title')} description={t('serviceItems.description')} />
      {customerFilter.tag}
      <DataTable<ServiceItemRow>
        tableKey="admin.service-items"
        exportable={{ path: '/api/admin/service-items/export', columns: SERVICE_ITEM_EXPORT_COLUMNS }}
        rowKey="id"
        columns={columns}
        request={listServiceItems}
        params={customerFilter.params}
        onLoad={(result) => customerFilter.noteRows(result.data)}
        onReset={customerFilter.clear}
        headTabs={{
          dataIndex: 'typeIdTopCode',
          items: [
            { key: 'all', label: t('serviceItems.allTypes') },
            ...SERVICE_TYPES.map((type) => ({ key: type, label: t(`business.serviceType.${type}`) })),
          ],
        }}
        toolbarTabs={{
          dataIndex: 'categoryIdTopId',
          items: [
            { key: 'all', label: t('serviceItems.allCategories') },
            ...SERVICE_CATEGORIES.map((category) => ({
              key: String(category.id),
              label: t(`business.category.${category.code}`),
            })),
          ],
        }}
        statusTabs={{ dataIndex: 'status' }}
        rowSelection={{}}
        tableAlertOptionRender={({ selectedRows }) => (
          <Button
            size="small"
            onClick={() => void rowActions.copy(selectedRows.map((row) => row.serviceCode).join('\n'))}
          >
            {t('serviceItems.copyCodes')}
          </Button>
        )}
        bulkActions={(context) => (
          <Dropdown
            trigger={['click']}
            menu={{
              items: Object.entries(statuses).map(([status, item]) => ({ key: status, label: item.text })),
              onClick: ({ key }) =>
                void bulk(
                  {
                    action: t('serviceItems.bulkStatusTo', { status: statuses[key]?.text }),
                    danger: key === '5',
                    run: (target) =>
                      postBulk('/api/admin/service-items/bulk', target, { status: Number(key) }),
                  },
                  context,
                ),
            }}
          >
            <Button size="small">{t('serviceItems.bulkStatus')}</Button>
          </Dropdown>
        )}
        actionRef={actionRef}
        editable={{
          onSave: async (id, changes, row) => {
            if (changes.status === 5 && !(await confirmTerminate(row))) throw new Error('cancelled');
            await updateServiceItem(Number(id), changes as ServiceItemPatch);
          },
        }}
      />
      <ServiceItemDetailDrawer row={viewing} onClose={() => setViewing(null)} />
      <ServiceItemEditDialog
        row={editing}
        onClose={() => setEditing(null)}
        onSaved={() => void actionRef.current?.reload()}
        confirmTerminate={confirmTerminate}
      />
    </Flex>
  );
}
