import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsultantDetails } from './ConsultantDetails.tsx';

/** 商标咨询: the adviser's WeChat QR code and contact, opened by 咨询专业顾问. Loaded lazily. */
export default function ConsultantDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('trademarkSearch.consultant.dialogTitle')}
      footer={null}
      width={360}
      onCancel={onClose}
      destroyOnHidden
    >
      <ConsultantDetails qrSize={180} />
    </Modal>
  );
}
