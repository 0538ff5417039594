import { Alert, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../api/api-client.ts';
import { useFillOnOpen } from './use-fill-on-open.ts';

interface ModalFormProps<Values> {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  /** Loaded into the form each time the dialog opens. */
  initialValues: Partial<Values>;
  /** Saves; a rejection with an ApiError puts its message above the fields and its field messages under them. */
  onFinish: (values: Values, form: FormInstance<Values>) => Promise<unknown>;
  okText?: ReactNode;
  children: ReactNode;
}

/**
 * A dialog with a form (ProComponents' ModalForm, the part we need): the OK button submits and shows progress,
 * errors stay in the dialog where the person can fix them, success closes it.
 */
export function ModalForm<Values extends object>({
  title,
  open,
  onClose,
  initialValues,
  onFinish,
  okText,
  children,
}: ModalFormProps<Values>) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useFillOnOpen(form, open, initialValues, () => setFailure(null));

  const submit = async (values: Values) => {
    setSaving(true);
    setFailure(null);
    try {
      await onFinish(values, form);
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        setFailure(error.msg);
        form.setFields(
          Object.entries(error.fields).map(([name, message]) => ({
            name: name as never,
            errors: [message],
          })),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={okText}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" onFinish={submit} disabled={saving}>
        {children}
      </Form>
    </Modal>
  );
}
