import type { TaxDeclarationRow } from '@kxt/contracts/tax-declarations';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailDrawer } from '../../../components/DataTable/DetailDrawer.tsx';
import {
  countryName,
  formatDate,
  formatDateTime,
  formatMoney,
} from '../../../components/DataTable/format.ts';
import { RowBadges } from '../../../components/DataTable/RowBadges.tsx';
import { declaredByEnum, taxStatusEnum } from './tax-enums.ts';

/** 查看: every field of a tax declaration. */
export function TaxDeclarationDetailDrawer({
  row,
  onClose,
}: {
  row: TaxDeclarationRow | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const empty = t('common.empty');
  const status = row ? taxStatusEnum(t)[row.status] : undefined;
  return (
    <DetailDrawer
      title={t('taxDeclarations.detailTitle')}
      open={row !== null}
      onClose={onClose}
      items={
        row
          ? [
              { key: 'code', label: t('taxDeclarations.serviceCode'), children: row.serviceCode },
              { key: 'customer', label: t('taxDeclarations.customer'), children: row.customerName },
              {
                key: 'country',
                label: t('lists.country'),
                children: countryName(row.country, i18n.language),
              },
              { key: 'period', label: t('taxDeclarations.taxPeriod'), children: row.taxPeriod },
              {
                key: 'status',
                label: t('taxDeclarations.status'),
                children: status ? <Badge status={status.status} text={status.text} /> : row.status,
              },
              { key: 'dueDate', label: t('taxDeclarations.dueDate'), children: formatDate(row.dueDate) },
              {
                key: 'overdue',
                label: t('taxDeclarations.daysOverdue'),
                children:
                  row.daysOverdue > 0 ? (
                    <>
                      {row.daysOverdue} <RowBadges row={row} />
                    </>
                  ) : (
                    0
                  ),
              },
              {
                key: 'declaredDate',
                label: t('taxDeclarations.declaredDate'),
                children: formatDate(row.declaredDate) || empty,
              },
              {
                key: 'declaredBy',
                label: t('taxDeclarations.declaredBy'),
                children: row.declaredBy ? declaredByEnum(t)[row.declaredBy]?.text : empty,
              },
              {
                key: 'amount',
                label: t('taxDeclarations.amount'),
                children: formatMoney(row.amount, row.currency, i18n.language),
              },
              { key: 'createdAt', label: t('lists.createdAt'), children: formatDateTime(row.createdAt) },
            ]
          : []
      }
    />
  );
}
