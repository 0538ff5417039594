import { registerName } from '@kxt/contracts/registers';
import type { TrademarkResultItem, TrademarkStatus } from '@kxt/contracts/trademarks';
import { Button, Card, Descriptions, Flex, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName, formatDate } from '../../../components/DataTable/format.ts';
import { SimilarityReasons, useSignalLabel } from './SimilarityReasons.tsx';
import { formatSimilarity } from './search-state.ts';

const STATUS_COLORS: Record<TrademarkStatus, string> = {
  registered: 'success',
  filed: 'processing',
  ended: 'default',
  unknown: 'warning',
};

/** Goods and services longer than this are cut until expanded. */
const COLLAPSED_LENGTH = 160;

function GoodsAndServices({ item }: { item: TrademarkResultItem }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const entries = Object.entries(item.goodsAndServices);
  if (!entries.length) return null;
  const translation = item.goodsAndServicesTranslation ?? {};
  const full = entries.some(
    ([cls, text]) => text.length > COLLAPSED_LENGTH || (translation[cls]?.length ?? 0) > COLLAPSED_LENGTH,
  );
  const cut = (text: string) =>
    expanded || text.length <= COLLAPSED_LENGTH ? text : `${text.slice(0, COLLAPSED_LENGTH)}…`;
  const shown = expanded ? entries : entries.slice(0, 1);
  return (
    <Flex vertical gap={4}>
      {shown.map(([cls, text]) => (
        <div key={cls}>
          <strong>{t('trademarkSearch.classShort', { number: cls })}</strong> {cut(text)}
          {translation[cls] ? (
            <div style={{ opacity: 0.75 }}>
              {t('trademarkSearch.field.translation')}: {cut(translation[cls])}
            </div>
          ) : null}
        </div>
      ))}
      {full || entries.length > 1 ? (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, alignSelf: 'flex-start' }}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('trademarkSearch.collapse') : t('trademarkSearch.expand')}
        </Button>
      ) : null}
    </Flex>
  );
}

/** The register a mark is in, by name in the UI's language, with its code in a tooltip (issue #15: no raw codes). */
export function RegisterName({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const name =
    registerName(code, i18n.language) ??
    t('searchUx.register.national', { country: countryName(code, i18n.language) });
  return (
    <Tooltip title={t('searchUx.register.code', { code })}>
      <span data-register={code} style={{ cursor: 'help' }}>
        {name}
      </span>
    </Tooltip>
  );
}

/** One earlier mark: status, name with its similarity, the register data and the goods and services. */
export function ResultCard({ item }: { item: TrademarkResultItem }) {
  const { t } = useTranslation();
  const signalLabel = useSignalLabel();
  const similarity = <SimilarityReasons score={item.similarityScore} signals={item.signals} />;
  const strongest = item.signals[0];
  const empty = t('common.empty');
  return (
    <article aria-label={item.name}>
      <Card size="small">
        <Flex gap="middle" align="flex-start">
          <Flex vertical gap="small" style={{ flex: 1, minWidth: 0 }}>
            <Flex gap="small" align="center" wrap>
              <Tag color={STATUS_COLORS[item.status]}>{t(`trademarkSearch.status.${item.status}`)}</Tag>
              <Tooltip title={similarity}>
                <strong style={{ fontSize: 16, cursor: 'help' }}>{item.name}</strong>
              </Tooltip>
              <Tooltip title={similarity}>
                <Flex gap={4} align="center" style={{ cursor: 'help' }}>
                  <Tag style={{ marginInlineEnd: 0 }}>{formatSimilarity(item.similarityScore)}</Tag>
                  {strongest ? (
                    <Typography.Text type="secondary">{signalLabel(strongest)}</Typography.Text>
                  ) : null}
                </Flex>
              </Tooltip>
            </Flex>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 3 }}
              items={[
                {
                  key: 'no',
                  label: t('trademarkSearch.field.applicationNumber'),
                  children: item.applicationNumber,
                },
                {
                  key: 'cls',
                  label: t('trademarkSearch.field.classes'),
                  children: item.niceClass.join(', ') || empty,
                },
                { key: 'owner', label: t('trademarkSearch.field.owner'), children: item.owner || empty },
                {
                  key: 'register',
                  label: t('searchUx.register.label'),
                  children: <RegisterName code={item.dataset} />,
                },
                {
                  key: 'app',
                  label: t('trademarkSearch.field.applicationDate'),
                  children: formatDate(item.applicationDate) || empty,
                },
                {
                  key: 'reg',
                  label: t('trademarkSearch.field.registrationDate'),
                  children: formatDate(item.registrationDate) || empty,
                },
                {
                  key: 'attorney',
                  label: t('trademarkSearch.field.attorney'),
                  children: item.attorney || empty,
                },
                {
                  key: 'goods',
                  label: t('trademarkSearch.field.goodsAndServices'),
                  span: 'filled',
                  children: <GoodsAndServices item={item} />,
                },
              ]}
            />
          </Flex>
          {item.imageUrl ? (
            <img
              src={item.imageUrl}
              alt={t('trademarkSearch.imageAlt', { name: item.name })}
              style={{ width: 96, height: 96, objectFit: 'contain', flex: 'none' }}
              loading="lazy"
            />
          ) : null}
        </Flex>
      </Card>
    </article>
  );
}
