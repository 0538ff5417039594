import { type PatentRow, patentStatusLabel } from '@kxt/contracts/patents';
import { Button, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../../../components/DataTable/types.ts';
import { DeadlineText } from './DeadlineText.tsx';
import { applyCapacityEnum, patentTypeEnum } from './patent-format.ts';

/** The §2.4 columns of a patent list, by name; `keyword` is the search field only. */
export type PatentColumnKey =
  | 'keyword'
  | 'parentOrderNo'
  | 'serviceCode'
  | 'country'
  | 'serviceName'
  | 'applyName'
  | 'applyTitle'
  | 'inventorName'
  | 'patentType'
  | 'productName'
  | 'patentNumber'
  | 'registerStatus'
  | 'referenceNumber'
  | 'registrationNumber'
  | 'createDate'
  | 'submissionTime'
  | 'auditTime'
  | 'rejectionTime'
  | 'oaAbortAnswerTime'
  | 'renewalTime'
  | 'statusName';

/**
 * Every §2.4 column, in the order the customer's list shows them: what a customer reads first (order, status,
 * service, country, deadline) fits a 1280 px screen, and the service no that tells one patent of an order from
 * another a 1440 px one; the rest follow.
 */
export const PATENT_COLUMNS: readonly PatentColumnKey[] = [
  'keyword',
  'parentOrderNo',
  'statusName',
  'serviceName',
  'country',
  'oaAbortAnswerTime',
  'serviceCode',
  'applyName',
  'applyTitle',
  'inventorName',
  'patentType',
  'productName',
  'patentNumber',
  'registerStatus',
  'referenceNumber',
  'registrationNumber',
  'createDate',
  'submissionTime',
  'auditTime',
  'rejectionTime',
  'renewalTime',
];

export interface PatentColumnOptions<Row> {
  t: TFunction;
  language: string;
  /** Country id → name, for the country search select. */
  countries: Record<string, string> | undefined;
  /** Shows the country select as loading while the countries are asked for. */
  countriesLoading?: boolean;
  /** Makes the applicant's name a link (the customer's company dialog). */
  onApplyTitle?: (row: Row) => void;
  /**
   * The column that names a row (the customer's order no, the reviewer's service code): pinned left, with 状态
   * pinned right after it, so a row's status shows however far the table scrolls.
   */
  keyColumn: Exclude<PatentColumnKey, 'keyword' | 'statusName'>;
}

/**
 * The columns both patent lists share, so a label, a deadline's colour or a status's fallback text is defined once.
 * `layout` names them in order; a column object in it (the reviewer's customer column) stands where it is placed,
 * except 状态, which always follows the key column, both pinned left.
 */
export function patentColumns<Row extends PatentRow>(
  layout: readonly (PatentColumnKey | DataTableColumn<Row>)[],
  { t, language, countries, countriesLoading, onApplyTitle, keyColumn }: PatentColumnOptions<Row>,
): DataTableColumn<Row>[] {
  const plain = (key: Exclude<PatentColumnKey, 'keyword'>): DataTableColumn<Row> => ({
    title: t(`patent.columns.${key}`),
    dataIndex: key,
    search: false,
  });
  const dateTime = (key: 'createDate' | 'submissionTime' | 'auditTime' | 'rejectionTime') => ({
    ...plain(key),
    valueType: 'dateTime' as const,
  });
  const deadline = (key: 'oaAbortAnswerTime' | 'renewalTime'): DataTableColumn<Row> => ({
    ...plain(key),
    render: (_dom, row) =>
      key === 'renewalTime' && !row.renewalTime && row.renewalMissing ? (
        <Tooltip title={t(`deadlines.renewalMissing.${row.renewalMissing}`)}>
          <span data-renewal-missing={row.renewalMissing}>—</span>
        </Tooltip>
      ) : (
        <DeadlineText date={row[key]} />
      ),
  });

  const columns: Record<PatentColumnKey, DataTableColumn<Row>> = {
    keyword: {
      title: t('lists.keyword'),
      dataIndex: 'searchValue',
      hideInTable: true,
      fieldProps: { placeholder: t('patent.list.keywordPlaceholder') },
    },
    parentOrderNo: plain('parentOrderNo'),
    serviceCode: plain('serviceCode'),
    country: {
      title: t('patent.columns.country'),
      dataIndex: 'countryId',
      valueType: 'select',
      valueEnum: Object.fromEntries(
        Object.entries(countries ?? {}).map(([id, name]) => [id, { text: name }]),
      ),
      fieldProps: { showSearch: { optionFilterProp: 'label' }, loading: countriesLoading },
      render: (_dom, row) => row.countryName || '-',
    },
    // English service names are long (Utility model patent registration): on two lines they leave the service no,
    // which tells an order's patents apart, room beside the actions at 1440 px.
    serviceName: { ...plain('serviceName'), width: 170 },
    applyName: {
      title: t('patent.columns.applyName'),
      dataIndex: 'applyName',
      valueType: 'select',
      valueEnum: applyCapacityEnum(t),
    },
    applyTitle: {
      ...plain('applyTitle'),
      ...(onApplyTitle
        ? {
            render: (dom, row) => (
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onApplyTitle(row)}>
                {dom}
              </Button>
            ),
          }
        : {}),
    },
    inventorName: plain('inventorName'),
    patentType: { ...plain('patentType'), valueType: 'select', valueEnum: patentTypeEnum(t) },
    productName: plain('productName'),
    patentNumber: plain('patentNumber'),
    registerStatus: {
      ...plain('registerStatus'),
      valueType: 'select',
      valueEnum: {
        0: { text: t('patent.registerStatus.0') },
        1: { text: t('patent.registerStatus.1') },
        2: { text: t('patent.registerStatus.2') },
      },
    },
    referenceNumber: plain('referenceNumber'),
    registrationNumber: plain('registrationNumber'),
    createDate: dateTime('createDate'),
    submissionTime: dateTime('submissionTime'),
    auditTime: dateTime('auditTime'),
    rejectionTime: dateTime('rejectionTime'),
    oaAbortAnswerTime: deadline('oaAbortAnswerTime'),
    renewalTime: deadline('renewalTime'),
    statusName: {
      ...plain('statusName'),
      state: true,
      render: (_dom, row) => row.statusName || patentStatusLabel(row.status, language),
    },
  };
  const pinned = (key: PatentColumnKey): DataTableColumn<Row> => ({ ...columns[key], fixed: 'left' });
  return layout
    .filter((entry) => entry !== 'statusName')
    .flatMap((entry) => {
      if (typeof entry !== 'string') return [entry];
      return entry === keyColumn ? [pinned(keyColumn), pinned('statusName')] : [columns[entry]];
    });
}
