import { DownloadOutlined } from '@ant-design/icons';
import { EXPORT_MAX_IDS, EXPORT_MAX_ROWS, type ExportFormat } from '@kxt/contracts/list-export';
import type { MenuProps } from 'antd';
import { Button, Dropdown, Flex, Modal, Progress, Typography } from 'antd';
import { type Key, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildUrl, type QueryParams } from '../api/api-client.ts';
import { useMessageApi } from '../feedback/message.tsx';
import type { ExportProgress } from './export-download.ts';

interface ExportButtonProps {
  /** The list's export endpoint (`/api/admin/service-items/export`). */
  path: string;
  /** The list's filters and sort as the list endpoint takes them, without paging. */
  filters: QueryParams;
  /** The visible exportable columns, in the user's order. */
  columns: string[];
  /** Rows the filters match (the list's total). */
  total: number;
  selectedKeys: Key[];
  /** The list's name in a fallback file name. */
  name: string;
}

type Scope = 'selection' | 'filter';

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * 导出: the selected rows or every row of the current filter, as Excel or CSV, with the visible columns in their
 * order. The file streams from the server; a dialog shows how far it has come and can cancel it.
 */
export function ExportButton(props: ExportButtonProps) {
  const { t, i18n } = useTranslation();
  const message = useMessageApi();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const selected = props.selectedKeys.length;

  const start = async (scope: Scope, format: ExportFormat) => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ rows: 0, totalRows: scope === 'selection' ? selected : props.total, bytes: 0 });
    const query: QueryParams = {
      ...props.filters,
      format,
      columns: props.columns,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      ...(scope === 'selection' ? { ids: props.selectedKeys.map(String) } : {}),
    };
    try {
      const { downloadExport } = await import('./export-download.ts');
      await downloadExport(buildUrl(props.path, query), {
        fallback: t('listExport.failed'),
        fileName: `${props.name}.${format}`,
        signal: controller.signal,
        onProgress: setProgress,
      });
      void message.success(t('listExport.done'));
    } catch (error) {
      if (!controller.signal.aborted)
        void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  const formats = (scope: Scope): NonNullable<MenuProps['items']> => [
    { key: `${scope}:xlsx`, label: t('listExport.xlsx') },
    { key: `${scope}:csv`, label: t('listExport.csv') },
  ];
  const items: MenuProps['items'] = [
    ...(selected > 0
      ? [
          {
            type: 'group' as const,
            key: 'selection',
            label: t('listExport.selection', { count: selected }),
            children: formats('selection'),
          },
        ]
      : []),
    {
      type: 'group',
      key: 'filter',
      label: t('listExport.filter', { count: props.total }),
      children: formats('filter'),
    },
  ];
  const tooMany = props.total > EXPORT_MAX_ROWS && selected === 0;
  const tooManySelected = selected > EXPORT_MAX_IDS;

  const percent =
    progress && progress.totalRows > 0 && progress.rows > 0
      ? Math.min(99, Math.floor((progress.rows / progress.totalRows) * 100))
      : undefined;

  return (
    <>
      <Dropdown
        trigger={['click']}
        disabled={props.columns.length === 0 || progress !== null}
        menu={{
          items,
          onClick: ({ key }) => {
            const [scope, format] = key.split(':') as [Scope, ExportFormat];
            if (scope === 'filter' && props.total > EXPORT_MAX_ROWS) {
              void message.error(
                t('listExport.tooMany', { max: EXPORT_MAX_ROWS.toLocaleString(i18n.language) }),
              );
              return;
            }
            if (scope === 'selection' && tooManySelected) {
              void message.error(t('listExport.tooManySelected', { max: EXPORT_MAX_IDS }));
              return;
            }
            void start(scope, format);
          },
        }}
      >
        <Button
          icon={<DownloadOutlined />}
          title={tooMany ? t('listExport.tooMany', { max: EXPORT_MAX_ROWS }) : undefined}
        >
          {t('listExport.button')}
        </Button>
      </Dropdown>
      <Modal
        open={progress !== null}
        title={t('listExport.progressTitle')}
        closable={false}
        mask={{ closable: false }}
        footer={<Button onClick={() => abort.current?.abort()}>{t('listExport.cancel')}</Button>}
      >
        <Flex vertical gap="small" role="status" aria-live="polite">
          <Progress percent={percent ?? 100} status="active" showInfo={percent !== undefined} />
          <Typography.Text type="secondary">
            {progress
              ? t('listExport.progress', {
                  rows: progress.totalRows.toLocaleString(i18n.language),
                  received: formatBytes(progress.bytes),
                })
              : null}
          </Typography.Text>
        </Flex>
      </Modal>
    </>
  );
}
