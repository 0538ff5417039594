import { DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { ValueEnumItem, ValueType } from './types.ts';

export function enumOptions(valueEnum: Record<string, ValueEnumItem> | undefined) {
  return Object.entries(valueEnum ?? {}).map(([value, item]) => ({ value, label: item.text }));
}

interface DateFieldProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  [prop: string]: unknown;
}

/** antd's DatePicker over `YYYY-MM-DD` text, so form values stay plain (storable, sendable) strings. */
export function DateField({ value, onChange, ...rest }: DateFieldProps) {
  return (
    <DatePicker
      {...rest}
      value={value ? dayjs(value) : null}
      onChange={(date) => onChange?.(date ? date.format('YYYY-MM-DD') : null)}
      style={{ width: '100%' }}
    />
  );
}

interface FieldControlProps {
  valueType: ValueType | undefined;
  valueEnum?: Record<string, ValueEnumItem>;
  placeholder: { input: string; select: string };
  fieldProps?: Record<string, unknown>;
  /** Set by Form.Item. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  [prop: string]: unknown;
}

/** The input for a value type, used by the search form and the inline editors. */
export function FieldControl({
  valueType,
  valueEnum,
  placeholder,
  fieldProps,
  value,
  onChange,
  ...rest
}: FieldControlProps): ReactNode {
  const common = { ...rest, ...fieldProps };
  switch (valueType) {
    case 'select':
      return (
        <Select
          allowClear
          placeholder={placeholder.select}
          options={enumOptions(valueEnum)}
          {...common}
          value={value === null || value === undefined ? undefined : String(value)}
          onChange={(next) => onChange?.(next ?? null)}
          style={{ width: '100%', minWidth: 120 }}
        />
      );
    case 'date':
    case 'dateTime':
      return (
        <DateField
          placeholder={placeholder.select}
          {...common}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange?.(next)}
        />
      );
    case 'digit':
      return (
        <InputNumber
          placeholder={placeholder.input}
          {...common}
          value={typeof value === 'number' ? value : null}
          onChange={(next) => onChange?.(next)}
          style={{ width: '100%' }}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea
          placeholder={placeholder.input}
          autoSize={{ minRows: 1, maxRows: 4 }}
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange?.(event.target.value)}
        />
      );
    default:
      return (
        <Input
          allowClear
          placeholder={placeholder.input}
          {...common}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(event) => onChange?.(event.target.value)}
        />
      );
  }
}
