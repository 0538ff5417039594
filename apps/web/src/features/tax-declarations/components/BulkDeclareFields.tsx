import type { DeclaredBy } from '@kxt/contracts/tax-declarations';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldControl } from '../../../components/DataTable/fields.tsx';
import { localDay } from '../../../components/DataTable/table-state.ts';
import { declaredByEnum } from './tax-enums.ts';

export interface DeclareValues {
  declaredDate: string;
  declaredBy: DeclaredBy;
}

export const defaultDeclareValues = (): DeclareValues => ({ declaredDate: localDay(), declaredBy: 'us' });

/**
 * The date and party of a bulk 标记为已申报, inside its confirmation (which does not re-render its content, so the
 * fields keep their own state and report each change).
 */
export function BulkDeclareFields({ onChange }: { onChange: (values: DeclareValues) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(defaultDeclareValues);
  const update = (next: Partial<DeclareValues>) => {
    const merged = { ...values, ...next };
    setValues(merged);
    onChange(merged);
  };
  const placeholder = { input: t('table.inputPlaceholder'), select: t('table.selectPlaceholder') };
  return (
    <Flex vertical gap="small">
      <Typography.Text>{t('taxDeclarations.declaredDate')}</Typography.Text>
      <FieldControl
        valueType="date"
        aria-label={t('taxDeclarations.declaredDate')}
        placeholder={placeholder}
        fieldProps={{ allowClear: false, style: { width: '100%' } }}
        value={values.declaredDate}
        onChange={(value) => {
          if (typeof value === 'string') update({ declaredDate: value });
        }}
      />
      <Typography.Text>{t('taxDeclarations.declaredBy')}</Typography.Text>
      <FieldControl
        valueType="select"
        valueEnum={declaredByEnum(t)}
        aria-label={t('taxDeclarations.declaredBy')}
        placeholder={placeholder}
        fieldProps={{ allowClear: false }}
        value={values.declaredBy}
        onChange={(value) => update({ declaredBy: value as DeclaredBy })}
      />
    </Flex>
  );
}
