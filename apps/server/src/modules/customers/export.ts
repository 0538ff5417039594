import type { CustomerRow } from '@kxt/contracts/customers';
import type { CUSTOMER_EXPORT_COLUMNS } from '@kxt/contracts/list-export';
import { countryLabel, type ExportColumns, yesNo } from '../../lib/export/columns.ts';

/** The customer list's columns as a file shows them (keys are the table's `dataIndex`es). */
export const CUSTOMER_EXPORT: ExportColumns<CustomerRow, (typeof CUSTOMER_EXPORT_COLUMNS)[number]> = {
  name: { label: 'export.customers.name', kind: 'text', value: (row) => row.name },
  contactName: { label: 'export.customers.contactName', kind: 'text', value: (row) => row.contactName },
  phone: { label: 'export.customers.phone', kind: 'text', value: (row) => row.phone },
  email: { label: 'export.customers.email', kind: 'text', value: (row) => row.email },
  country: {
    label: 'export.customers.country',
    kind: 'text',
    value: (row, context) => countryLabel(row.country, context.locale),
  },
  ownerName: { label: 'export.customers.ownerName', kind: 'text', value: (row) => row.ownerName },
  isArrears: {
    label: 'export.customers.isArrears',
    kind: 'text',
    value: (row, c) => yesNo(row.isArrears, c),
  },
  suspend: { label: 'export.customers.suspend', kind: 'text', value: (row, c) => yesNo(row.suspend, c) },
  serviceItemCount: {
    label: 'export.customers.serviceItemCount',
    kind: 'integer',
    value: (row) => row.serviceItemCount,
  },
  createdAt: { label: 'export.customers.createdAt', kind: 'dateTime', value: (row) => row.createdAt },
};
