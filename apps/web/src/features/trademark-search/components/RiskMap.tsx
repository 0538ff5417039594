import {
  CheckCircleOutlined,
  DownOutlined,
  ExclamationCircleOutlined,
  MinusCircleOutlined,
  UpOutlined,
  WarningFilled,
} from '@ant-design/icons';
import { NICE_CLASSES, type TrademarkSearchResponse } from '@kxt/contracts/trademarks';
import { Button, Flex, Segmented, theme } from 'antd';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CELL_LEVELS, type CellLevel, RISK_CELL_COLORS } from './risk-colors.ts';
import { formatCount, formatSimilarity } from './search-state.ts';

/** A shape per level, so the detailed view and the legend do not rely on colour alone. */
const LEVEL_ICONS: Readonly<Record<CellLevel, ReactNode>> = {
  none: <MinusCircleOutlined aria-hidden />,
  low_risk: <CheckCircleOutlined aria-hidden />,
  high_risk: <ExclamationCircleOutlined aria-hidden />,
  very_high_risk: <WarningFilled aria-hidden />,
};

type View = 'simple' | 'detailed';

/**
 * Classes 1–45 coloured by their risk level; clicking one re-runs the search for that class. The simple view shows
 * the class numbers only, the detailed one also the heading, the count and the highest score; the map collapses.
 */
export function RiskMap({
  statistics,
  associations,
  selected,
  onPick,
}: {
  statistics: TrademarkSearchResponse['niceClassStatistics'];
  associations: TrademarkSearchResponse['classAssociations'];
  selected: readonly number[];
  onPick: (cls: number) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const heading = (cls: number) => t(`trademarkSearch.classHeadings.${cls}` as ParseKeys);
  const associated = Object.entries(associations).filter(([, list]) => list.length);
  const [view, setView] = useState<View>('simple');
  const [collapsed, setCollapsed] = useState(false);
  const detailed = view === 'detailed';
  return (
    <section aria-label={t('trademarkSearch.risk.title')}>
      <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: token.marginSM }}>
        <Flex gap="small" align="center" wrap>
          <strong>{t('trademarkSearch.risk.title')}</strong>
          <Segmented<View>
            size="small"
            aria-label={t('trademarkSearch.riskView.label')}
            value={view}
            onChange={setView}
            options={[
              { value: 'simple', label: t('trademarkSearch.riskView.simple') },
              { value: 'detailed', label: t('trademarkSearch.riskView.detailed') },
            ]}
          />
          <Button
            type="link"
            size="small"
            aria-expanded={!collapsed}
            icon={collapsed ? <DownOutlined /> : <UpOutlined />}
            onClick={() => setCollapsed(!collapsed)}
          >
            {collapsed ? t('trademarkSearch.riskView.expand') : t('trademarkSearch.riskView.collapse')}
          </Button>
        </Flex>
        <Flex gap="middle" wrap>
          {CELL_LEVELS.map((level) => (
            <Flex key={level} gap={4} align="center" data-legend={level}>
              <span
                aria-hidden
                style={{
                  width: 16,
                  height: 16,
                  borderRadius: 2,
                  background: RISK_CELL_COLORS[level].background,
                  color: RISK_CELL_COLORS[level].text,
                  border: `1px ${level === 'none' ? 'dashed' : 'solid'} ${token.colorBorder}`,
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  fontSize: 10,
                }}
              >
                {LEVEL_ICONS[level]}
              </span>
              {t(`trademarkSearch.risk.${level}`)}
            </Flex>
          ))}
        </Flex>
      </Flex>
      {collapsed ? null : (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: `repeat(auto-fill, minmax(${detailed ? 112 : 44}px, 1fr))`,
            gap: 6,
          }}
        >
          {NICE_CLASSES.map((cls) => {
            const stat = statistics[String(cls)];
            const count = stat?.count ?? 0;
            const level: CellLevel = stat?.level ?? 'none';
            const colors = RISK_CELL_COLORS[level];
            const picked = selected.includes(cls);
            return (
              <button
                key={cls}
                type="button"
                aria-label={t('trademarkSearch.risk.cell', { number: cls, heading: heading(cls), count })}
                aria-pressed={picked}
                title={t(`trademarkSearch.risk.${level}`)}
                data-level={level}
                onClick={() => onPick(cls)}
                style={{
                  cursor: 'pointer',
                  textAlign: detailed ? 'left' : 'center',
                  padding: '4px 6px',
                  borderRadius: token.borderRadiusSM,
                  // The chosen class: a thick primary outline, visible on every level's colour.
                  border: `1px ${level === 'none' ? 'dashed' : 'solid'} ${token.colorBorder}`,
                  outline: picked ? `2px solid ${token.colorPrimary}` : 'none',
                  outlineOffset: 1,
                  background: colors.background,
                  color: colors.text,
                  font: 'inherit',
                  fontSize: token.fontSizeSM,
                }}
              >
                {detailed ? (
                  <>
                    <div>
                      <strong>{cls}</strong> {heading(cls)}
                    </div>
                    <Flex gap={4} align="center">
                      {LEVEL_ICONS[level]}
                      <span>{t(`trademarkSearch.risk.${level}`)}</span>
                    </Flex>
                    <div>{t('trademarkSearch.riskView.count', { count: formatCount(count) })}</div>
                    {stat ? (
                      <div>
                        {t('trademarkSearch.riskView.maxScore', {
                          percent: formatSimilarity(stat.maxSimilarityScore),
                        })}
                      </div>
                    ) : null}
                  </>
                ) : (
                  <strong>{cls}</strong>
                )}
              </button>
            );
          })}
        </div>
      )}
      {associated.length && !collapsed ? (
        <div style={{ marginTop: token.marginSM }}>
          <strong>{t('trademarkSearch.risk.associations')}</strong>
          {associated.map(([cls, list]) => (
            <div key={cls}>
              {t('trademarkSearch.risk.associationLine', { number: cls, classes: list.join(', ') })}
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}
