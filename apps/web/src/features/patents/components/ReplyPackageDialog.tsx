import { InboxOutlined } from '@ant-design/icons';
import { type PatentRow, REPLY_PACKAGE_MAX_KB } from '@kxt/contracts/patents';
import { Alert, Flex, Modal, Progress, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../components/api/api-client.ts';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { uploadReplyPackage } from '../api/upload-reply-package.ts';

const PACKAGE_EXTENSIONS = ['zip', 'rar'];

/**
 * Why a file cannot be a reply package (spec §5: zip or rar, at most 5120 KB), judged by name and size before it is
 * sent; the server checks the content again. Null when it may go.
 */
export function replyPackageProblem(file: { name: string; size: number }): 'type' | 'size' | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !PACKAGE_EXTENSIONS.includes(extension)) return 'type';
  if (file.size > REPLY_PACKAGE_MAX_KB * 1024) return 'size';
  return null;
}

interface ReplyPackageDialogProps {
  row: PatentRow | null;
  onClose: () => void;
  onUploaded: () => void;
}

/** Upload or re-upload of the OA reply package, with a progress bar. */
export function ReplyPackageDialog({ row, onClose, onUploaded }: ReplyPackageDialogProps) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (progress !== null) return;
    setFile(null);
    setFailure(null);
    onClose();
  };

  const choose = (chosen: File) => {
    const problem = replyPackageProblem(chosen);
    if (problem === 'type') void message.warning(t('patent.replyPackage.typeError'));
    else if (problem === 'size')
      void message.warning(t('patent.replyPackage.tooLarge', { max: REPLY_PACKAGE_MAX_KB }));
    else {
      setFile(chosen);
      setFailure(null);
    }
  };

  const submit = async () => {
    if (!row) return;
    if (!file) {
      setFailure(t('patent.replyPackage.required'));
      return;
    }
    setProgress(0);
    setFailure(null);
    try {
      await uploadReplyPackage(row.id, file, setProgress);
    } catch (error) {
      setProgress(null);
      const msg = isApiError(error) && error.msg ? error.msg : t('patent.messages.uploadFailed');
      setFailure(msg);
      void message.error(msg);
      return;
    }
    setProgress(null);
    setFile(null);
    void message.success(t('patent.messages.submitSucceeded'));
    onUploaded();
    onClose();
  };

  return (
    <Modal
      title={t(row?.status === -2 ? 'patent.replyPackage.reuploadTitle' : 'patent.replyPackage.title')}
      open={row !== null}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('patent.actions.submit')}
      confirmLoading={progress !== null}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
        <Upload.Dragger
          accept=".zip,.rar"
          showUploadList={false}
          disabled={progress !== null}
          beforeUpload={(chosen) => {
            choose(chosen);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('patent.replyPackage.pick')}</p>
          <p style={{ opacity: 0.65 }}>{t('patent.replyPackage.hint', { max: REPLY_PACKAGE_MAX_KB })}</p>
        </Upload.Dragger>
        {file ? <div data-testid="chosen-package">{file.name}</div> : null}
        {progress !== null ? <Progress percent={progress} /> : null}
      </Flex>
    </Modal>
  );
}
