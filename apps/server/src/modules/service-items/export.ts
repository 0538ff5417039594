import type { SERVICE_ITEM_EXPORT_COLUMNS } from '@kxt/contracts/list-export';
import type { ServiceItemRow } from '@kxt/contracts/service-items';
import { countryLabel, type ExportColumns, yesNo } from '../../lib/export/columns.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';

/** The service item list's columns as a file shows them (keys are the table's `dataIndex`es). */
export const SERVICE_ITEM_EXPORT: ExportColumns<
  ServiceItemRow,
  (typeof SERVICE_ITEM_EXPORT_COLUMNS)[number]
> = {
  serviceCode: { label: 'export.serviceItems.serviceCode', kind: 'text', value: (row) => row.serviceCode },
  customerName: { label: 'export.serviceItems.customerName', kind: 'text', value: (row) => row.customerName },
  serviceName: { label: 'export.serviceItems.serviceName', kind: 'text', value: (row) => row.serviceName },
  country: {
    label: 'export.serviceItems.country',
    kind: 'text',
    value: (row, context) => countryLabel(row.country, context.locale),
  },
  status: {
    label: 'export.serviceItems.status',
    kind: 'text',
    value: (row, context) => context.t(`serviceItemStatus.${row.status}` as MessageKey),
  },
  startDate: { label: 'export.serviceItems.startDate', kind: 'date', value: (row) => row.startDate },
  endDate: { label: 'export.serviceItems.endDate', kind: 'date', value: (row) => row.endDate },
  remark: { label: 'export.serviceItems.remark', kind: 'text', value: (row) => row.remark },
  overdueStatus: {
    label: 'export.serviceItems.overdueStatus',
    kind: 'text',
    value: (row, context) =>
      row.overdueStatus > 0 ? context.t(`export.overdue.${row.overdueStatus}` as MessageKey) : null,
  },
  isArrears: {
    label: 'export.serviceItems.isArrears',
    kind: 'text',
    value: (row, c) => yesNo(row.isArrears, c),
  },
  suspend: { label: 'export.serviceItems.suspend', kind: 'text', value: (row, c) => yesNo(row.suspend, c) },
  createdAt: { label: 'export.serviceItems.createdAt', kind: 'dateTime', value: (row) => row.createdAt },
};
