import type { ServiceItemRow } from '@kxt/contracts/service-items';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailDrawer } from '../../../components/DataTable/DetailDrawer.tsx';
import { countryName, formatDate, formatDateTime } from '../../../components/DataTable/format.ts';
import { hasBadges, RowBadges } from '../../../components/DataTable/RowBadges.tsx';
import { categoryEnum, statusEnum, typeEnum } from './service-item-enums.ts';

/** 查看: every field of a service item, its marks and the customer's repeat services. */
export function ServiceItemDetailDrawer({
  row,
  onClose,
}: {
  row: ServiceItemRow | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const empty = t('common.empty');
  const status = row ? statusEnum(t)[String(row.status)] : undefined;
  return (
    <DetailDrawer
      title={t('serviceItems.detailTitle')}
      open={row !== null}
      onClose={onClose}
      items={
        row
          ? [
              { key: 'code', label: t('serviceItems.serviceCode'), children: row.serviceCode },
              {
                key: 'marks',
                label: t('serviceItems.marks'),
                children: hasBadges(row) ? <RowBadges row={row} /> : empty,
              },
              { key: 'customer', label: t('serviceItems.customer'), children: row.customerName },
              { key: 'service', label: t('serviceItems.service'), children: row.serviceName },
              {
                key: 'type',
                label: t('serviceItems.type'),
                children: typeEnum(t)[row.servicePerform.typeIdTopCode]?.text,
              },
              {
                key: 'category',
                label: t('serviceItems.category'),
                children: categoryEnum(t)[String(row.servicePerform.categoryIdTopId)]?.text,
              },
              {
                key: 'country',
                label: t('lists.country'),
                children: countryName(row.country, i18n.language),
              },
              {
                key: 'status',
                label: t('serviceItems.status'),
                children: status ? <Badge status={status.status} text={status.text} /> : row.status,
              },
              {
                key: 'startDate',
                label: t('serviceItems.startDate'),
                children: formatDate(row.startDate) || empty,
              },
              {
                key: 'endDate',
                label: t('serviceItems.endDate'),
                children: formatDate(row.endDate) || empty,
              },
              { key: 'remark', label: t('serviceItems.remark'), children: row.remark || empty },
              {
                key: 'repeat',
                label: t('serviceItems.repeatCodes'),
                children: row.repeatServiceCodes.length > 0 ? row.repeatServiceCodes.join('、') : empty,
              },
              { key: 'createdAt', label: t('lists.createdAt'), children: formatDateTime(row.createdAt) },
            ]
          : []
      }
    />
  );
}
