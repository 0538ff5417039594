import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { FilePurpose } from '@kxt/contracts/files';
import type { AttachedFile } from '@kxt/contracts/patents';
import { Button, Flex, Progress, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../../components/api/api-client.ts';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { isPdf } from './patent-format.ts';

interface AttachedFilesFieldProps {
  /** Set by Form.Item. */
  value?: AttachedFile[];
  onChange?: (value: AttachedFile[]) => void;
  id?: string;
  purpose: FilePurpose;
  /** Only PDFs (the reviewer's record dialogs, spec §5). */
  pdfOnly?: boolean;
  accept?: string;
  max?: number;
  label?: string;
  disabled?: boolean;
}

/** Files uploaded first (`POST /api/files`) and kept in the form as `{ name, url }`. */
export function AttachedFilesField({
  value,
  onChange,
  id,
  purpose,
  pdfOnly,
  accept,
  max = 10,
  label,
  disabled,
}: AttachedFilesFieldProps) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const files = value ?? [];
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (file: File) => {
    if (pdfOnly && !isPdf(file)) {
      void message.warning(t('patent.files.pdfOnly'));
      return;
    }
    setProgress(0);
    try {
      const [stored] = await uploadFile(file, { purpose, onProgress: setProgress, silent: true });
      if (stored) onChange?.([...files, { name: stored.name || file.name, url: stored.url }].slice(-max));
    } catch (error) {
      const msg = error instanceof Error && 'msg' in error ? String(error.msg) : '';
      void message.error(msg || t('patent.messages.uploadFailed'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Flex vertical gap={4}>
      <Upload
        id={id}
        accept={accept ?? (pdfOnly ? '.pdf,application/pdf' : undefined)}
        showUploadList={false}
        disabled={disabled || progress !== null || files.length >= max}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled || files.length >= max}>
          {label ?? t('patent.files.upload')}
        </Button>
      </Upload>
      {progress !== null ? <Progress percent={progress} size="small" /> : null}
      {files.map((file) => (
        <Flex key={file.url} align="center" gap={8}>
          <PaperClipOutlined aria-hidden />
          <a href={file.url} target="_blank" rel="noreferrer">
            {file.name}
          </a>
          {disabled ? null : (
            <Button
              type="text"
              size="small"
              aria-label={t('patent.files.remove', { name: file.name })}
              icon={<DeleteOutlined />}
              onClick={() => onChange?.(files.filter((other) => other.url !== file.url))}
            />
          )}
        </Flex>
      ))}
    </Flex>
  );
}
