import {
  DEFAULT_WATCH_THRESHOLD,
  MAX_FORMS,
  MAX_OWN_MARKS,
  type NewWatch,
} from '@kxt/contracts/trademark-watches';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../components/api/api-client.ts';
import { CustomerPicker } from '../../../components/customer-picker/CustomerPicker.tsx';
import { COUNTRY_CODES } from '../../trademark-search/components/countries.ts';
import { useMarketName } from '../../trademark-search/components/country-names.ts';
import { useCreateWatch } from '../api/watches.ts';

export type WatchDraft = Partial<Pick<NewWatch, 'text' | 'countries' | 'classes' | 'customerId'>>;

const CLASSES = Array.from({ length: 45 }, (_, index) => index + 1);

/**
 * 新建监控: the name, the countries and classes to watch, how similar a new mark must be to be reported, and the
 * company's own marks to leave out. Staff name the customer (`customerId` in the draft).
 */
export function WatchForm({
  draft,
  staff = false,
  onClose,
  onCreated,
}: {
  draft: WatchDraft;
  /** Staff watch for a customer they choose here. */
  staff?: boolean;
  onClose: () => void;
  onCreated: (created: { id: number; trial: boolean }) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewWatch>();
  const create = useCreateWatch();
  const marketName = useMarketName();
  const submit = async () => {
    let values: NewWatch;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing under each field.
    }
    try {
      const created = await create.mutateAsync({
        ...values,
        customerId: values.customerId ?? draft.customerId,
      });
      onCreated(created);
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) {
        form.setFields(
          Object.entries(error.fields).map(([name, message]) => ({
            name: name as keyof NewWatch,
            errors: [message],
          })),
        );
      }
    }
  };
  return (
    <Modal
      open
      title={t('watches.create')}
      okText={t('watches.createOk')}
      onOk={() => void submit()}
      confirmLoading={create.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          text: draft.text ?? '',
          forms: [],
          countries: draft.countries ?? [],
          classes: draft.classes ?? [],
          threshold: DEFAULT_WATCH_THRESHOLD,
          ownMarks: [],
        }}
      >
        {staff ? (
          <Form.Item
            name="customerId"
            label={t('watches.customer')}
            rules={[{ required: true, message: t('watches.customerRequired') }]}
          >
            <CustomerPicker placeholder={t('watches.customerPlaceholder')} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="text"
          label={t('watches.text')}
          rules={[{ required: true, whitespace: true, max: 100, message: t('watches.textRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="forms" label={t('watches.forms')} extra={t('watches.formsHelp')}>
          <Select mode="tags" maxCount={MAX_FORMS} tokenSeparators={[',', '，']} open={false} />
        </Form.Item>
        <Form.Item
          name="countries"
          label={t('watches.countries')}
          rules={[{ required: true, type: 'array', min: 1, message: t('watches.countriesRequired') }]}
        >
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={COUNTRY_CODES.map((code) => ({ value: code, label: `${marketName(code)} (${code})` }))}
          />
        </Form.Item>
        <Form.Item name="classes" label={t('watches.classes')} extra={t('watches.classesHelp')}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={CLASSES.map((cls) => ({ value: cls, label: t('watches.class', { cls }) }))}
          />
        </Form.Item>
        <Form.Item name="threshold" label={t('watches.threshold')} extra={t('watches.thresholdHelp')}>
          <InputNumber min={50} max={100} />
        </Form.Item>
        <Form.Item name="ownMarks" label={t('watches.ownMarks')} extra={t('watches.ownMarksHelp')}>
          <Select mode="tags" maxCount={MAX_OWN_MARKS} tokenSeparators={[',', ' ', '\n']} open={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
