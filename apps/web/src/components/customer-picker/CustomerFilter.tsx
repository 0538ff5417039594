import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** The URL parameter of a list opened for one customer (from 客户管理's row actions). */
export const CUSTOMER_FILTER_PARAM = 'customerId';

/** The list path for one customer's rows, as 客户管理's row actions open it. */
export function customerListPath(listPath: string, customerId: number): string {
  return `${listPath}?${new URLSearchParams({ [CUSTOMER_FILTER_PARAM]: String(customerId) })}`;
}

/**
 * A list opened for one customer (`?customerId=` in the address, so the link can be shared): the request parameter,
 * a tag that names the customer (from the rows shown) and removes the filter, and `clear` for 重置.
 */
export function useCustomerFilter() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get(CUSTOMER_FILTER_PARAM));
  const customerId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  // The name the rows gave, for the customer they were rows of: another customer's link never shows an old name.
  const [named, setNamed] = useState<{ id: number; name: string }>();
  const name = named && named.id === customerId ? named.name : undefined;
  const clear = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CUSTOMER_FILTER_PARAM);
        return next;
      },
      { replace: true },
    );
  const tag =
    customerId === undefined ? null : (
      <Tag
        closable
        onClose={clear}
        color="blue"
        data-testid="customer-filter"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('lists.customerFilter', { name: name ?? `#${customerId}` })}
      </Tag>
    );
  return {
    params: customerId === undefined ? {} : { customerId },
    /** Give it the rows shown: the first one names the customer. */
    noteRows: (rows: readonly { customerName?: string | null }[]) => {
      const shown = rows[0]?.customerName;
      if (shown && customerId !== undefined) setNamed({ id: customerId, name: shown });
    },
    tag,
    clear,
  };
}
