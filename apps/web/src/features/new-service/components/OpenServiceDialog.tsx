import type { ServiceRow } from '@kxt/contracts/service-catalogue';
import { Descriptions, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerPicker } from '../../../components/customer-picker/CustomerPicker.tsx';
import { DateField } from '../../../components/DataTable/fields.tsx';
import { countryName, formatMoney } from '../../../components/DataTable/format.ts';
import { ModalForm } from '../../../components/DataTable/ModalForm.tsx';
import type { ServiceSource } from '../api/list-services.ts';
import { openService } from '../api/open-service.ts';

const REMARK_MAX = 500;

interface Values {
  customerId: number;
  startDate?: string | null;
  remark?: string;
}

export interface OpenedService {
  id: number;
  serviceCode: string;
  serviceName: string;
  customerName: string;
}

interface OpenServiceDialogProps {
  service: ServiceRow | null;
  /** The customer and code 去新服务 came from; absent, the person chooses the customer. */
  source: ServiceSource | null;
  onClose: () => void;
  onOpened: (opened: OpenedService) => void;
}

/** The confirmation dialog of 开通: for whom, from when, with what remark; then POST /api/admin/service-items. */
export function OpenServiceDialog({ service, source, onClose, onOpened }: OpenServiceDialogProps) {
  const { t, i18n } = useTranslation();
  const [pickedName, setPickedName] = useState('');
  return (
    <ModalForm<Values>
      title={t('newService.dialogTitle')}
      open={service !== null}
      onClose={onClose}
      okText={t('newService.confirm')}
      initialValues={source ? { customerId: source.customerId } : {}}
      onFinish={async (values) => {
        if (!service) return;
        const opened = await openService({
          customerId: values.customerId,
          serviceId: service.id,
          ...(values.startDate ? { startDate: values.startDate } : {}),
          ...(values.remark?.trim() ? { remark: values.remark.trim() } : {}),
          ...(source ? { previousServiceCode: source.serviceCode } : {}),
        });
        const customerName = source?.customerId === values.customerId ? source.customerName : pickedName;
        onOpened({ ...opened, serviceName: service.name, customerName });
      }}
    >
      {service ? (
        <Descriptions
          column={1}
          size="small"
          style={{ marginBottom: 16 }}
          items={[
            { key: 'service', label: t('newService.service'), children: service.name },
            {
              key: 'country',
              label: t('lists.country'),
              children: countryName(service.country, i18n.language),
            },
            {
              key: 'price',
              label: t('newService.price'),
              children: formatMoney(service.price, service.currency, i18n.language),
            },
          ]}
        />
      ) : null}
      {source ? (
        <Form.Item label={t('newService.customer')}>
          <span>{source.customerName}</span>
          <Form.Item name="customerId" hidden>
            <Input />
          </Form.Item>
        </Form.Item>
      ) : (
        <Form.Item
          name="customerId"
          label={t('newService.customer')}
          rules={[{ required: true, message: t('newService.customerRequired') }]}
        >
          <CustomerPicker onPick={setPickedName} placeholder={t('newService.customerPlaceholder')} />
        </Form.Item>
      )}
      <Form.Item name="startDate" label={t('newService.startDate')}>
        <DateField />
      </Form.Item>
      <Form.Item name="remark" label={t('newService.remark')} rules={[{ max: REMARK_MAX }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={REMARK_MAX} showCount />
      </Form.Item>
    </ModalForm>
  );
}
