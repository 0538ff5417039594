import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CustomerPicker } from '../../../components/customer-picker/CustomerPicker.tsx';

/** The company field of a user form, shown while the chosen role is 客户: a customer user belongs to one company. */
export function CompanyFieldForCustomers() {
  const { t } = useTranslation();
  return (
    <Form.Item noStyle dependencies={['role']}>
      {({ getFieldValue }) =>
        getFieldValue('role') === 'customer' ? (
          <Form.Item
            name="customerId"
            label={t('accounts.fields.company')}
            rules={[{ required: true, message: t('accounts.fields.companyRequired') }]}
          >
            <CustomerPicker placeholder={t('accounts.fields.companyPlaceholder')} />
          </Form.Item>
        ) : null
      }
    </Form.Item>
  );
}
