import type { TaxDeclarationPatch, TaxDeclarationRow } from '@kxt/contracts/tax-declarations';
import { Form, InputNumber, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateField, enumOptions } from '../../../components/DataTable/fields.tsx';
import { minorUnitDigits, toMajorUnits, toMinorUnits } from '../../../components/DataTable/format.ts';
import { ModalForm } from '../../../components/DataTable/ModalForm.tsx';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { updateTaxDeclaration } from '../api/update-tax-declaration.ts';
import { declaredByEnum } from './tax-enums.ts';

interface Values {
  status: 'pending' | 'declared';
  declaredDate: string | null;
  declaredBy: 'us' | 'other' | null;
  amount: number;
  dueDate: string;
}

/** Only what changed. Declaring sends its date and declarer; going back to pending clears them on the server. */
export function taxDeclarationChanges(row: TaxDeclarationRow, values: Values): TaxDeclarationPatch {
  const patch: TaxDeclarationPatch = {};
  const wasDeclared = row.status === 'declared';
  if (values.status === 'declared') {
    if (!wasDeclared) patch.status = 'declared';
    if (!wasDeclared || values.declaredDate !== row.declaredDate) patch.declaredDate = values.declaredDate;
    if (!wasDeclared || values.declaredBy !== row.declaredBy) patch.declaredBy = values.declaredBy;
  } else if (wasDeclared) {
    patch.status = 'pending';
  }
  const amount = toMinorUnits(values.amount, row.currency);
  if (amount !== row.amount) patch.amount = amount;
  if (values.dueDate !== row.dueDate) patch.dueDate = values.dueDate;
  return patch;
}

interface TaxDeclarationEditDialogProps {
  row: TaxDeclarationRow | null;
  onClose: () => void;
  onSaved: () => void;
  /** Asks before undoing a declaration; resolves false to stay in the dialog. */
  confirmUndeclare: () => Promise<boolean>;
}

/** 编辑: declare a return (date and declarer), correct its amount or due date, or undo the declaration. */
export function TaxDeclarationEditDialog({
  row,
  onClose,
  onSaved,
  confirmUndeclare,
}: TaxDeclarationEditDialogProps) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const digits = row ? minorUnitDigits(row.currency) : 2;
  return (
    <ModalForm<Values>
      title={row ? `${t('taxDeclarations.editTitle')} · ${row.serviceCode} ${row.taxPeriod}` : ''}
      open={row !== null}
      onClose={onClose}
      okText={t('lists.save')}
      initialValues={
        row
          ? {
              status: row.status === 'declared' ? 'declared' : 'pending',
              declaredDate: row.declaredDate,
              declaredBy: row.declaredBy,
              amount: toMajorUnits(row.amount, row.currency),
              dueDate: row.dueDate,
            }
          : {}
      }
      onFinish={async (values) => {
        if (!row) return;
        const patch = taxDeclarationChanges(row, values);
        if (Object.keys(patch).length === 0) return;
        if (patch.status === 'pending' && !(await confirmUndeclare())) throw new Error('cancelled');
        await updateTaxDeclaration(row.id, patch, { silent: true });
        void message.success(t('lists.saved'));
        onSaved();
      }}
    >
      <Form.Item name="status" label={t('taxDeclarations.status')}>
        <Radio.Group
          options={[
            { value: 'pending', label: t('business.taxStatus.pending') },
            { value: 'declared', label: t('business.taxStatus.declared') },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['status']}>
        {({ getFieldValue }) =>
          getFieldValue('status') === 'declared' ? (
            <>
              <Form.Item
                name="declaredDate"
                label={t('taxDeclarations.declaredDate')}
                rules={[
                  { required: true, message: t('taxDeclarations.declaredDateRequired') },
                  {
                    validator: (_rule, value: string | null) =>
                      value && value > dayjs().format('YYYY-MM-DD')
                        ? Promise.reject(new Error(t('taxDeclarations.declaredInFuture')))
                        : Promise.resolve(),
                  },
                ]}
              >
                <DateField />
              </Form.Item>
              <Form.Item
                name="declaredBy"
                label={t('taxDeclarations.declaredBy')}
                rules={[{ required: true, message: t('taxDeclarations.declaredByRequired') }]}
              >
                <Select options={enumOptions(declaredByEnum(t))} />
              </Form.Item>
            </>
          ) : null
        }
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('taxDeclarations.amountIn', { currency: row?.currency ?? '' })}
        rules={[{ required: true }]}
      >
        <InputNumber min={0} precision={digits} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="dueDate" label={t('taxDeclarations.dueDate')} rules={[{ required: true }]}>
        <DateField allowClear={false} />
      </Form.Item>
    </ModalForm>
  );
}
