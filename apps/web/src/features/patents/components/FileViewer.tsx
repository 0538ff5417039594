import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import type { AttachedFile } from '@kxt/contracts/patents';
import { Button, Flex, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/DataTable/format.ts';
import { isPdf } from './patent-format.ts';

/** A PDF shown inside the page, with a download link (receipts, certificates, OA letters). */
export function PdfPreview({ file, onClose }: { file: AttachedFile | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={file?.name}
      open={file !== null}
      onCancel={onClose}
      width={960}
      destroyOnHidden
      footer={
        file ? (
          <Button icon={<DownloadOutlined />} href={file.url} download={file.name}>
            {t('patent.files.download')}
          </Button>
        ) : null
      }
    >
      {file ? (
        <iframe title={file.name} src={file.url} style={{ width: '100%', height: '70vh', border: 'none' }} />
      ) : null}
    </Modal>
  );
}

interface FilesTableProps {
  files: AttachedFile[];
  /** The record's date, shown on every file line. */
  date?: string | null;
  dateLabel?: string;
}

/** The certificate / receipt viewer: the files of a record with their date, each viewable in place or downloadable. */
export function FilesTable({ files, date, dateLabel }: FilesTableProps) {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState<AttachedFile | null>(null);
  return (
    <>
      <Table<AttachedFile>
        size="small"
        rowKey="url"
        pagination={false}
        dataSource={files}
        locale={{ emptyText: t('patent.files.none') }}
        columns={[
          { key: 'name', title: t('patent.files.name'), dataIndex: 'name' },
          {
            key: 'date',
            title: dateLabel ?? t('patent.files.date'),
            render: () => (date ? formatDate(date) : '-'),
          },
          {
            key: 'actions',
            title: t('rowActions.actions'),
            render: (_value, file) => (
              <Space size={0}>
                {isPdf(file) || file.url.startsWith('/api/files/') ? (
                  <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(file)}>
                    {t('patent.files.view')}
                  </Button>
                ) : null}
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  href={file.url}
                  download={file.name}
                >
                  {t('patent.files.download')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <PdfPreview file={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}

/** A file link that opens the in-page viewer. */
export function FileLink({ file }: { file: AttachedFile | null }) {
  const [previewing, setPreviewing] = useState<AttachedFile | null>(null);
  if (!file) return <>-</>;
  return (
    <Flex>
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setPreviewing(file)}>
        {file.name}
      </Button>
      <PdfPreview file={previewing} onClose={() => setPreviewing(null)} />
    </Flex>
  );
}
