import type { TAX_DECLARATION_EXPORT_COLUMNS } from '@kxt/contracts/list-export';
import type { TaxDeclarationRow } from '@kxt/contracts/tax-declarations';
import { countryLabel, type ExportColumns } from '../../lib/export/columns.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';

/** The declaration list's columns as a file shows them (keys are the table's `dataIndex`es). */
export const TAX_DECLARATION_EXPORT: ExportColumns<
  TaxDeclarationRow,
  (typeof TAX_DECLARATION_EXPORT_COLUMNS)[number]
> = {
  serviceCode: { label: 'export.taxDeclarations.serviceCode', kind: 'text', value: (row) => row.serviceCode },
  customerName: {
    label: 'export.taxDeclarations.customerName',
    kind: 'text',
    value: (row) => row.customerName,
  },
  country: {
    label: 'export.taxDeclarations.country',
    kind: 'text',
    value: (row, context) => countryLabel(row.country, context.locale),
  },
  taxPeriod: { label: 'export.taxDeclarations.taxPeriod', kind: 'text', value: (row) => row.taxPeriod },
  dueDate: { label: 'export.taxDeclarations.dueDate', kind: 'date', value: (row) => row.dueDate },
  amount: {
    label: 'export.taxDeclarations.amount',
    kind: 'money',
    value: (row) => row.amount,
    currency: (row) => row.currency,
  },
  status: {
    label: 'export.taxDeclarations.status',
    kind: 'text',
    value: (row, context) => context.t(`taxStatus.${row.status}` as MessageKey),
  },
  daysOverdue: {
    label: 'export.taxDeclarations.daysOverdue',
    kind: 'integer',
    value: (row) => row.daysOverdue,
  },
  declaredDate: {
    label: 'export.taxDeclarations.declaredDate',
    kind: 'date',
    value: (row) => row.declaredDate,
  },
  declaredBy: {
    label: 'export.taxDeclarations.declaredBy',
    kind: 'text',
    value: (row, context) =>
      row.declaredBy ? context.t(`export.declaredBy.${row.declaredBy}` as MessageKey) : null,
  },
  createdAt: { label: 'export.taxDeclarations.createdAt', kind: 'dateTime', value: (row) => row.createdAt },
};
