import type { AgreementRow } from '@kxt/contracts/agreements';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS, statusText } from './agreement-enums.ts';

/** 未读 / 已读 / 已签署, with 已作废 or 已过期 when the link no longer works. */
export function AgreementStatusTag({ row }: { row: Pick<AgreementRow, 'status' | 'revoked' | 'expired'> }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_COLORS[row.status] ?? 'default'}>{statusText(t, row.status)}</Tag>
      {row.revoked ? <Tag color="error">{t('agreements.revoked')}</Tag> : null}
      {!row.revoked && row.expired && row.status !== 2 ? (
        <Tag color="warning">{t('agreements.expired')}</Tag>
      ) : null}
    </Space>
  );
}
