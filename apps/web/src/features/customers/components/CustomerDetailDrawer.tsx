import type { CustomerRow } from '@kxt/contracts/customers';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerListPath } from '../../../components/customer-picker/CustomerFilter.tsx';
import { DetailDrawer } from '../../../components/DataTable/DetailDrawer.tsx';
import { countryName, formatDateTime } from '../../../components/DataTable/format.ts';
import { RowBadges } from '../../../components/DataTable/RowBadges.tsx';

/** 查看: a customer's details, with links to their service items and tax declarations. */
export function CustomerDetailDrawer({ row, onClose }: { row: CustomerRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const empty = t('common.empty');
  return (
    <DetailDrawer
      title={t('customers.detailTitle')}
      open={row !== null}
      onClose={onClose}
      extra={
        row ? (
          <Flex>
            <Link to={customerListPath('/admin/service-items', row.id)}>
              <Button type="link">{t('customers.viewServiceItems')}</Button>
            </Link>
            <Link to={customerListPath('/admin/tax-declarations', row.id)}>
              <Button type="link">{t('customers.openTaxDeclarations')}</Button>
            </Link>
          </Flex>
        ) : null
      }
      items={
        row
          ? [
              {
                key: 'name',
                label: t('customers.name'),
                children: (
                  <>
                    {row.name} <RowBadges row={row} />
                  </>
                ),
              },
              { key: 'contactName', label: t('customers.contactName'), children: row.contactName || empty },
              { key: 'phone', label: t('customers.phone'), children: row.phone || empty },
              { key: 'email', label: t('customers.email'), children: row.email || empty },
              {
                key: 'country',
                label: t('lists.country'),
                children: row.country ? countryName(row.country, i18n.language) : empty,
              },
              { key: 'owner', label: t('customers.owner'), children: row.ownerName || empty },
              {
                key: 'isArrears',
                label: t('customers.isArrears'),
                children: row.isArrears ? t('lists.yes') : t('lists.no'),
              },
              {
                key: 'suspend',
                label: t('customers.suspend'),
                children: row.suspend ? t('lists.yes') : t('lists.no'),
              },
              { key: 'count', label: t('customers.serviceItemCount'), children: row.serviceItemCount },
              { key: 'createdAt', label: t('lists.createdAt'), children: formatDateTime(row.createdAt) },
            ]
          : []
      }
    />
  );
}
