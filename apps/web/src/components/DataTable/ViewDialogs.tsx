import type { TableView } from '@kxt/contracts/table-views';
import { TABLE_VIEW_NAME_MAX } from '@kxt/contracts/table-views';
import { Button, Checkbox, Flex, Form, Input, List, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-client.ts';
import { useMessageApi } from '../feedback/message.tsx';
import { useConfirm } from './confirm.tsx';
import { deleteTableView, saveTableView, updateTableView } from './table-views-api.ts';

interface ViewDialogsProps {
  dialog: 'save' | 'manage';
  tableKey: string;
  views: readonly TableView[];
  currentQuery: () => string;
  onClose: () => void;
  onChanged: () => void;
}

/** 保存当前视图 (a name, and whether the list opens with it) and 管理视图 (default, overwrite, delete). */
export default function ViewDialogs(props: ViewDialogsProps) {
  return props.dialog === 'save' ? <SaveDialog {...props} /> : <ManageDialog {...props} />;
}

function SaveDialog({ tableKey, currentQuery, onClose, onChanged }: ViewDialogsProps) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [form] = Form.useForm<{ name: string; isDefault: boolean }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    let values: { name: string; isDefault: boolean };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await saveTableView(tableKey, {
        name: values.name,
        isDefault: values.isDefault,
        query: currentQuery(),
      });
      onChanged();
      void message.success(t('tableViews.saved'));
      onClose();
    } catch (error) {
      // The API client has shown why (a taken name, too many views); the dialog stays with what was typed.
      if (isApiError(error) && error.status === 409) form.setFields([{ name: 'name', errors: [error.msg] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('tableViews.save')}
      okText={t('tableViews.saveOk')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: '', isDefault: false }}>
        <Form.Item
          name="name"
          label={t('tableViews.name')}
          rules={[
            {
              required: true,
              whitespace: true,
              max: TABLE_VIEW_NAME_MAX,
              message: t('tableViews.nameRequired'),
            },
          ]}
        >
          <Input maxLength={TABLE_VIEW_NAME_MAX} autoFocus />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked" extra={t('tableViews.defaultHelp')}>
          <Checkbox>{t('tableViews.makeDefault')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ManageDialog({ tableKey, views, currentQuery, onClose, onChanged }: ViewDialogsProps) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [confirm, confirmHolder] = useConfirm();
  const [busy, setBusy] = useState<number | null>(null);
  const run = async (id: number, change: () => Promise<unknown>, done: string) => {
    setBusy(id);
    try {
      await change();
      onChanged();
      void message.success(done);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(null);
    }
  };
  const askDelete = async (view: TableView) => {
    if (
      await confirm({
        title: t('tableViews.deleteTitle', { name: view.name }),
        okText: t('tableViews.delete'),
      })
    )
      void run(view.id, () => deleteTableView(tableKey, view.id), t('tableViews.deleted'));
  };
  return (
    <Modal open title={t('tableViews.manage')} footer={null} onCancel={onClose}>
      {confirmHolder}
      <List
        dataSource={[...views]}
        renderItem={(view) => (
          <List.Item>
            <Flex justify="space-between" align="center" gap="small" wrap style={{ width: '100%' }}>
              <Space>
                <span>{view.name}</span>
                {view.isDefault ? <Tag color="gold">{t('tableViews.default')}</Tag> : null}
              </Space>
              <Space size={0} wrap>
                <Button
                  type="link"
                  size="small"
                  disabled={busy !== null}
                  onClick={() =>
                    void run(
                      view.id,
                      () => updateTableView(tableKey, view.id, { isDefault: !view.isDefault }),
                      t('tableViews.saved'),
                    )
                  }
                >
                  {view.isDefault ? t('tableViews.unsetDefault') : t('tableViews.setDefault')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  disabled={busy !== null}
                  onClick={() =>
                    void run(
                      view.id,
                      () => updateTableView(tableKey, view.id, { query: currentQuery() }),
                      t('tableViews.saved'),
                    )
                  }
                >
                  {t('tableViews.overwrite')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  disabled={busy !== null}
                  onClick={() => void askDelete(view)}
                >
                  {t('tableViews.delete')}
                </Button>
              </Space>
            </Flex>
          </List.Item>
        )}
      />
    </Modal>
  );
}
