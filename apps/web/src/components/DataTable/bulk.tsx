import type { BulkSummary, BulkTarget } from '@kxt/contracts/bulk';
import { Flex, List, Modal, Typography } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/api-client.ts';

/** What a page's bulk buttons act on: the selected rows, or every row of the filter (its count as shown). */
export interface BulkContext {
  target: BulkTarget;
  count: number;
  /** Clears the selection and reloads the list (the rows have changed). */
  done: () => void;
}

/** POST a bulk action: its target plus the action's own fields. */
export function postBulk(path: string, target: BulkTarget, fields: Record<string, unknown>) {
  return api.post<BulkSummary>(path, { target, ...fields });
}

export interface BulkAsk {
  /** The action's name, as on its button. */
  action: string;
  danger?: boolean;
  /** Fields the action needs (a status, a date), read by `run` when the user confirms. */
  fields?: ReactNode;
  run: (target: BulkTarget) => Promise<BulkSummary>;
}

function Outcome({ summary }: { summary: BulkSummary }) {
  const { t } = useTranslation();
  const failed = summary.rows.filter((row) => row.result === 'failed');
  return (
    <Flex vertical gap="small">
      <Typography.Text>{t('bulk.summary', summary)}</Typography.Text>
      {failed.length > 0 ? (
        <>
          <Typography.Text type="secondary">{t('bulk.failedRows')}</Typography.Text>
          <List
            size="small"
            bordered
            style={{ maxHeight: 240, overflowY: 'auto' }}
            dataSource={failed}
            renderItem={(row) => (
              <List.Item>
                <Flex vertical>
                  <Typography.Text strong>{row.label}</Typography.Text>
                  <Typography.Text type="danger">{row.msg}</Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        </>
      ) : null}
    </Flex>
  );
}

/**
 * Runs a bulk action the way every list does: a confirmation that states how many rows it changes (and asks the
 * action's fields), the call with a loading OK button, then what happened: how many rows changed, were already as
 * asked or failed, and why each failed one did. A refused call (the list changed, a row vanished) changed nothing;
 * the API client has shown why. Returns the ask function and the element that must be rendered for the dialogs.
 */
export function useBulkAction(): [(ask: BulkAsk, context: BulkContext) => Promise<void>, ReactElement] {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const run = async (ask: BulkAsk, context: BulkContext) => {
    let summary: BulkSummary | null = null;
    const confirmed = await modal.confirm({
      title: t('bulk.confirmTitle', { action: ask.action, count: context.count }),
      content: (
        <Flex vertical gap="middle">
          <span>{t('bulk.confirmContent', { count: context.count })}</span>
          {ask.fields}
        </Flex>
      ),
      okText: ask.action,
      okType: ask.danger ? 'danger' : 'primary',
      onOk: async () => {
        try {
          summary = await ask.run(context.target);
        } catch {
          // Refused as a whole: nothing changed, and the API client has shown the server's message.
        }
      },
    });
    if (!confirmed || !summary) return;
    const result: BulkSummary = summary;
    context.done();
    const show = result.failed > 0 ? modal.warning : modal.success;
    await show({
      title: t('bulk.resultTitle', { action: ask.action }),
      content: <Outcome summary={result} />,
      width: 520,
    });
  };
  return [run, holder];
}
