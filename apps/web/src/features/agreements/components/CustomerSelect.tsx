import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerSearch } from '../api/search-customers.ts';

const DEBOUNCE_MS = 300;

interface CustomerSelectProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
}

/** A customer chosen by typing part of their name (searched on the server, debounced). */
export function CustomerSelect({ value, onChange, id }: CustomerSelectProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword(typed.trim()), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const customers = useCustomerSearch(keyword);
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={(next) => onChange?.(next)}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      loading={customers.isFetching}
      placeholder={t('agreements.customerPlaceholder')}
      notFoundContent={customers.isFetching ? t('common.loading') : undefined}
      options={customers.data?.rows.map((customer) => ({ value: customer.id, label: customer.name })) ?? []}
    />
  );
}
