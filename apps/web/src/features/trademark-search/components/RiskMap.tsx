import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { RiskLevel } from '@kxt/contracts/risk';
import { NICE_CLASSES, type TrademarkSearchResponse } from '@kxt/contracts/trademarks';
import { Button, Flex, Segmented, theme } from 'antd';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSimilarity } from './search-state.ts';

const LEVELS: readonly RiskLevel[] = ['low_risk', 'high_risk', 'very_high_risk'];

function useLevelColors(): Record<RiskLevel | 'none', string> {
  const { token } = theme.useToken();
  return {
    low_risk: token.colorSuccessBg,
    high_risk: token.colorWarningBg,
    very_high_risk: token.colorErrorBg,
    none: token.colorFillQuaternary,
  };
}

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
  const colors = useLevelColors();
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
          {LEVELS.map((level) => (
            <Flex key={level} gap={4} align="center">
              <span
                aria-hidden
                style={{
                  width: 12,
                  height: 12,
                  borderRadius: 2,
                  background: colors[level],
                  display: 'inline-block',
                }}
              />
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
            return (
              <button
                key={cls}
                type="button"
                aria-label={t('trademarkSearch.risk.cell', { number: cls, heading: heading(cls), count })}
                aria-pressed={selected.includes(cls)}
                title={stat ? t(`trademarkSearch.risk.${stat.level}`) : t('trademarkSearch.risk.none')}
                onClick={() => onPick(cls)}
                style={{
                  cursor: 'pointer',
                  textAlign: detailed ? 'left' : 'center',
                  padding: '4px 6px',
                  borderRadius: token.borderRadiusSM,
                  border: `1px solid ${selected.includes(cls) ? token.colorPrimary : token.colorBorderSecondary}`,
                  background: stat ? colors[stat.level] : colors.none,
                  font: 'inherit',
                  fontSize: token.fontSizeSM,
                }}
              >
                {detailed ? (
                  <>
                    <div>
                      <strong>{cls}</strong> {heading(cls)}
                    </div>
                    <div style={{ color: token.colorTextSecondary }}>
                      {t('trademarkSearch.riskView.count', { count })}
                    </div>
                    {stat ? (
                      <div style={{ color: token.colorTextSecondary }}>
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
