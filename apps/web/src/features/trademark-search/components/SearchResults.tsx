import { QuestionCircleOutlined } from '@ant-design/icons';
import { JURISDICTION_KINDS, jurisdictionKind } from '@kxt/contracts/registers';
import type { TrademarkResultItem, TrademarkSearchResponse } from '@kxt/contracts/trademarks';
import { Button, Empty, Flex, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReportButton } from './ReportButton.tsx';
import { ResultCard } from './ResultCard.tsx';
import { RiskMap } from './RiskMap.tsx';
import { StatusFilter } from './StatusFilter.tsx';
import { formatCount, type StatusChoice } from './search-state.ts';

/** The loaded cards in groups by how their register has effect in the tab's market, in score order within each. */
function byJurisdiction(items: readonly TrademarkResultItem[], market: string) {
  return JURISDICTION_KINDS.map((kind) => ({
    kind,
    items: items.filter((item) => jurisdictionKind(item.dataset, market) === kind),
  })).filter((group) => group.items.length > 0);
}

/**
 * What a search found: the class risk map, the count with the status filter, and the result cards with the
 * infinite scroll's footer. The page loads it with the first results, so the route's first load carries none of it.
 */
export default function SearchResults({
  results,
  market,
  classes,
  status,
  loadingMore,
  onStatusChange,
  onPickClass,
  onPurchase,
  watchPath,
}: {
  results: TrademarkSearchResponse;
  /** The country tab shown: the cards are grouped by how their register has effect there. */
  market: string;
  /** The classes searched (highlighted on the risk map). */
  classes: readonly number[];
  status: readonly StatusChoice[];
  loadingMore: boolean;
  onStatusChange: (next: StatusChoice[]) => void;
  onPickClass: (cls: number) => void;
  onPurchase: () => void;
  /** Where 监控这个名称 leads (the watches page with this search filled in); absent for staff. */
  watchPath?: string;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap="middle">
      <RiskMap
        statistics={results.niceClassStatistics}
        associations={results.classAssociations}
        selected={classes}
        onPick={onPickClass}
      />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Flex gap="small" align="center" wrap>
          <strong>{t('trademarkSearch.count', { total: formatCount(results.total) })}</strong>
          <Tooltip title={t('trademarkSearch.fieldsHelp')}>
            <QuestionCircleOutlined aria-label={t('trademarkSearch.fieldsHelp')} />
          </Tooltip>
          <Button size="small" type="primary" ghost onClick={onPurchase}>
            {t('trademarkSearch.purchase.open')}
          </Button>
          <ReportButton searchId={results.searchId} status={status} />
          {watchPath ? (
            <Link to={watchPath}>
              <Button size="small">{t('watches.watchThis')}</Button>
            </Link>
          ) : null}
        </Flex>
        <StatusFilter value={status} onChange={onStatusChange} />
      </Flex>
      {results.results.length ? (
        <Flex vertical gap="small">
          {byJurisdiction(results.results, market).map((group) => (
            <section key={group.kind} aria-label={t(`searchUx.jurisdiction.${group.kind}`)}>
              <Flex vertical gap="small">
                <h3 style={{ margin: 0, fontSize: token.fontSize, fontWeight: token.fontWeightStrong }}>
                  {t(`searchUx.jurisdiction.${group.kind}`)}
                  <span style={{ color: token.colorTextSecondary, fontWeight: 'normal' }}>
                    {` (${group.items.length})`}
                  </span>
                </h3>
                {group.items.map((item) => (
                  <ResultCard key={item.id} item={item} />
                ))}
              </Flex>
            </section>
          ))}
          <div style={{ textAlign: 'center', color: token.colorTextSecondary }}>
            {loadingMore
              ? t('trademarkSearch.loadingMore')
              : results.results.length >= results.total
                ? t('trademarkSearch.noMore')
                : null}
          </div>
        </Flex>
      ) : (
        <Empty
          description={
            <Flex vertical gap="small" align="center">
              <span>{t('trademarkSearch.empty')}</span>
              {status.includes('all') ? null : (
                <>
                  <span style={{ color: token.colorTextSecondary }}>
                    {t('trademarkSearch.emptyFiltered', {
                      statuses: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
                        status.map((choice) => t(`trademarkSearch.status.${choice}`)),
                      ),
                    })}
                  </span>
                  <Button size="small" onClick={() => onStatusChange(['all'])}>
                    {t('trademarkSearch.showAllStatuses')}
                  </Button>
                </>
              )}
            </Flex>
          }
        />
      )}
    </Flex>
  );
}
