import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerSearch } from './search-customers.ts';

const DEBOUNCE_MS = 300;

interface CustomerPickerProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** The chosen customer's name, for saying whom the choice was for. */
  onPick?: (name: string) => void;
  id?: string;
  placeholder?: string;
}

/** A customer chosen by typing part of their name (searched on the server, debounced); used inside antd forms. */
export function CustomerPicker({ value, onChange, onPick, id, placeholder }: CustomerPickerProps) {
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
      // Fills its container, as inside a form: a filter outside one sets the width on its wrapper.
      style={{ width: '100%' }}
      value={value}
      onChange={(next, option) => {
        onChange?.(next);
        const label = Array.isArray(option) ? undefined : option?.label;
        onPick?.(typeof label === 'string' ? label : '');
      }}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      loading={customers.isFetching}
      placeholder={placeholder}
      notFoundContent={customers.isFetching ? t('common.loading') : undefined}
      options={customers.data?.rows.map((customer) => ({ value: customer.id, label: customer.name })) ?? []}
    />
  );
}
