import { Alert, Button, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../components/api/api-client.ts';
import { useFillOnOpen } from '../../../components/DataTable/use-fill-on-open.ts';
import { useMessageApi } from '../../../components/feedback/message.tsx';

interface RecordFormDialogProps<Values> {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  initialValues: Partial<Values>;
  /** 保存 (type 0): sends whatever is filled in, without validation. Leave out for dialogs that only submit. */
  onSave?: (values: Partial<Values>) => Promise<unknown>;
  /** 提交 (type 1): runs after the form's validation passes; resolving to false keeps the dialog open quietly. */
  onSubmit: (values: Values) => Promise<unknown>;
  children: ReactNode | ((form: FormInstance<Values>) => ReactNode);
  width?: number;
}

/**
 * The reviewer's record dialogs (filing receipt, US filing, registration, OA, …): save skips validation, submit
 * validates (spec §5). The server's message shows above the fields and its field errors under them; success closes.
 */
export function RecordFormDialog<Values extends object>({
  title,
  open,
  onClose,
  initialValues,
  onSave,
  onSubmit,
  children,
  width,
}: RecordFormDialogProps<Values>) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [form] = Form.useForm<Values>();
  // Several of these dialogs stay mounted at once: a form name keeps their field ids (and label links) apart.
  const formName = `record${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useFillOnOpen(form, open, initialValues, () => setFailure(null));

  const run = async (kind: 'save' | 'submit', call: () => Promise<unknown>) => {
    setBusy(kind);
    setFailure(null);
    let result: unknown;
    try {
      result = await call();
    } catch (error) {
      const fallback = t(kind === 'save' ? 'patent.messages.saveFailed' : 'patent.messages.submitFailed');
      const msg = isApiError(error) && error.msg ? error.msg : fallback;
      setFailure(msg);
      if (isApiError(error)) {
        form.setFields(
          Object.entries(error.fields).map(([name, text]) => ({
            name: name.split('.') as never,
            errors: [text],
          })),
        );
      }
      return;
    } finally {
      setBusy(null);
    }
    // false: the person backed out (a confirmation said no); the dialog stays as it is.
    if (result === false) return;
    void message.success(
      t(kind === 'save' ? 'patent.messages.saveSucceeded' : 'patent.messages.submitSucceeded'),
    );
    onClose();
  };

  const save = () => {
    if (!onSave) return;
    void run('save', () => onSave(form.getFieldsValue(true) as Partial<Values>));
  };
  const submit = async () => {
    let values: Values;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as Values;
    } catch {
      return; // The messages are under the fields.
    }
    await run('submit', () => onSubmit(values));
  };

  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      width={width ?? 600}
      destroyOnHidden
      forceRender
      footer={[
        <Button key="cancel" onClick={onClose} disabled={busy !== null}>
          {t('table.cancel')}
        </Button>,
        ...(onSave
          ? [
              <Button key="save" onClick={save} loading={busy === 'save'} disabled={busy === 'submit'}>
                {t('patent.actions.save')}
              </Button>,
            ]
          : []),
        <Button
          key="submit"
          type="primary"
          onClick={() => void submit()}
          loading={busy === 'submit'}
          disabled={busy === 'save'}
        >
          {t('patent.actions.submit')}
        </Button>,
      ]}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} name={formName} layout="vertical" disabled={busy !== null}>
        {typeof children === 'function' ? children(form) : children}
      </Form>
    </Modal>
  );
}
