import { DownloadOutlined } from '@ant-design/icons';
import type { AgreementDetail } from '@kxt/contracts/agreements';
import { Alert, Button, Descriptions, Drawer, Flex, Image, Spin, Table, Typography } from 'antd';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/DataTable/format.ts';
import { signedPdfUrl, useAgreement } from '../api/get-agreement.ts';
import { AgreementStatusTag } from './AgreementStatusTag.tsx';
import { absoluteLink } from './agreement-enums.ts';
import { SignerIdentity } from './SignerIdentity.tsx';

type AuditEntry = AgreementDetail['audit'][number];

const mono = { fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' } as const;

function Hash({ value }: { value: string | null }) {
  return value ? <Typography.Text style={mono}>{value}</Typography.Text> : <>-</>;
}

/** 查看: the agreement, its page thumbnails, the evidence hashes, the signer and the audit trail. */
export function AgreementDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useAgreement(id);
  const row = detail.data;
  const time = (value: string | null) => (value ? formatDateTime(value) : '-');
  const actionName = (action: string) => {
    const short = action.replace(/^agreement\./, '');
    return t(`agreements.auditActions.${short}` as ParseKeys, { defaultValue: action });
  };

  return (
    <Drawer
      title={t('agreements.detailTitle')}
      open={id !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      extra={
        row && row.status === 2 && row.signedPdfUrl ? (
          <Button type="primary" icon={<DownloadOutlined />} href={signedPdfUrl(row.id)} download>
            {t('agreements.downloadPdf')}
          </Button>
        ) : null
      }
    >
      {detail.isPending ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : detail.isError || !row ? (
        <Alert
          type="error"
          showIcon
          title={detail.error?.message ?? ''}
          action={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Flex vertical gap="large">
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'customer', label: t('agreements.customer'), children: row.customerName },
              { key: 'name', label: t('agreements.agreementName'), children: row.agreementName },
              { key: 'version', label: t('agreements.version'), children: `v${row.templateVersion}` },
              { key: 'status', label: t('agreements.status'), children: <AgreementStatusTag row={row} /> },
              {
                key: 'link',
                label: t('agreements.link'),
                children: <Typography.Text copyable>{absoluteLink(row.url)}</Typography.Text>,
              },
              { key: 'createdAt', label: t('agreements.createdAt'), children: time(row.createdAt) },
              { key: 'createdBy', label: t('agreements.createdBy'), children: row.createdByName ?? '-' },
              { key: 'expiresAt', label: t('agreements.expiresAt'), children: time(row.expiresAt) },
              { key: 'openedAt', label: t('agreements.openedAt'), children: time(row.openedAt) },
              { key: 'readAt', label: t('agreements.readAt'), children: time(row.readAt) },
              { key: 'signedAt', label: t('agreements.signedAt'), children: time(row.signedAt) },
              ...(row.revokedAt
                ? [{ key: 'revokedAt', label: t('agreements.revokedAt'), children: time(row.revokedAt) }]
                : []),
            ]}
          />

          <div>
            <Typography.Title level={5}>{t('agreements.pages')}</Typography.Title>
            <Image.PreviewGroup>
              <Flex wrap gap="small">
                {(row.signedImageUrl
                  ? [...row.pages.slice(0, -1).map((page) => page.url), row.signedImageUrl]
                  : row.pages.map((page) => page.url)
                ).map((url, index) => (
                  <Image
                    key={url}
                    src={url}
                    width={96}
                    alt={t('agreements.pageAlt', { page: index + 1 })}
                    style={{ border: '1px solid #f0f0f0' }}
                  />
                ))}
              </Flex>
            </Image.PreviewGroup>
          </div>

          <SignerIdentity row={row} />

          <div>
            <Typography.Title level={5}>{t('agreements.evidence')}</Typography.Title>
            <Descriptions
              column={1}
              bordered
              size="small"
              items={[
                { key: 'ip', label: t('agreements.signerIp'), children: row.signerIp ?? '-' },
                {
                  key: 'ua',
                  label: t('agreements.signerUserAgent'),
                  children: <span style={{ wordBreak: 'break-all' }}>{row.signerUserAgent ?? '-'}</span>,
                },
                ...row.pages.map((page) => ({
                  key: `page-${page.pageNo}`,
                  label: t('agreements.pageHash', { page: page.pageNo }),
                  children: <Hash value={page.sha256} />,
                })),
                {
                  key: 'signature',
                  label: t('agreements.signatureHash'),
                  children: <Hash value={row.signatureSha256} />,
                },
                {
                  key: 'signedImage',
                  label: t('agreements.signedImageHash'),
                  children: <Hash value={row.signedImageSha256} />,
                },
                {
                  key: 'pdf',
                  label: t('agreements.pdfHash'),
                  children: <Hash value={row.signedPdfSha256} />,
                },
              ]}
            />
          </div>

          <div>
            <Typography.Title level={5}>{t('agreements.audit')}</Typography.Title>
            <Table<AuditEntry>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={row.audit}
              scroll={{ x: 900 }}
              columns={[
                { title: t('agreements.auditTime'), dataIndex: 'createdAt', render: time, width: 160 },
                { title: t('agreements.auditAction'), dataIndex: 'action', render: actionName, width: 100 },
                {
                  title: t('agreements.auditChange'),
                  key: 'change',
                  width: 120,
                  render: (_value, entry) =>
                    entry.from !== null || entry.to !== null
                      ? `${entry.from === null ? '-' : (statusLabel(t, entry.from) ?? entry.from)} → ${entry.to === null ? '-' : (statusLabel(t, entry.to) ?? entry.to)}`
                      : '-',
                },
                {
                  title: t('agreements.auditActor'),
                  dataIndex: 'actor',
                  width: 120,
                  render: (actor: string | null) =>
                    actor === 'public-link' ? t('agreements.publicLink') : (actor ?? '-'),
                },
                { title: t('agreements.auditReason'), dataIndex: 'reason', render: (value) => value ?? '-' },
                {
                  title: t('agreements.auditIp'),
                  dataIndex: 'ip',
                  width: 120,
                  render: (value) => value ?? '-',
                },
                {
                  title: t('agreements.auditUserAgent'),
                  dataIndex: 'userAgent',
                  ellipsis: true,
                  width: 200,
                  render: (value) => value ?? '-',
                },
              ]}
            />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}

function statusLabel(t: (key: ParseKeys) => string, value: string): string | undefined {
  return value === '0' || value === '1' || value === '2' ? t(`agreements.statusName.${value}`) : undefined;
}
