import { useQuery } from '@tanstack/react-query';
import { Flex, Modal, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** The voucher's content type, from a HEAD request: an image is shown as one, anything else (a PDF) in a frame. */
async function voucherType(url: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, { method: 'HEAD', credentials: 'same-origin', signal });
  return response.headers.get('content-type') ?? '';
}

/** Shows a transfer voucher (image or PDF) to finance, with a link to open it on its own. */
export function VoucherDialog({
  url,
  orderNo,
  reference,
  onClose,
}: {
  url: string | null;
  orderNo: string;
  /** The payment reference, to check against the note on the voucher. */
  reference: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const type = useQuery({
    queryKey: ['payments', 'voucher-type', url],
    queryFn: ({ signal }) => voucherType(url ?? '', signal),
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const title = t('payment.admin.voucherTitle', { orderNo, reference });
  let body = (
    <Flex justify="center" style={{ padding: token.paddingLG }}>
      <Spin aria-label={t('common.loading')} />
    </Flex>
  );
  if (url && !type.isPending) {
    body = (type.data ?? '').startsWith('image/') ? (
      <img src={url} alt={title} style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }} />
    ) : (
      <iframe src={url} title={title} style={{ width: '100%', height: '70vh', border: 0 }} />
    );
  }
  return (
    <Modal open={Boolean(url)} title={title} footer={null} width={820} onCancel={onClose} destroyOnHidden>
      <Flex vertical gap="small">
        {url ? (
          <a href={url} target="_blank" rel="noreferrer">
            {t('payment.admin.openVoucher')}
          </a>
        ) : null}
        {body}
      </Flex>
    </Modal>
  );
}
