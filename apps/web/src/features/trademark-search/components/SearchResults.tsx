import { QuestionCircleOutlined } from '@ant-design/icons';
import type { TrademarkSearchResponse } from '@kxt/contracts/trademarks';
import { Button, Empty, Flex, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReportButton } from './ReportButton.tsx';
import { ResultCard } from './ResultCard.tsx';
import { RiskMap } from './RiskMap.tsx';
import { StatusFilter } from './StatusFilter.tsx';
import { formatCount, type StatusChoice } from './search-state.ts';

/**
 * What a search found: the class risk map, the count with the status filter, and the result cards with the
 * infinite scroll's footer. The page loads it with the first results, so the route's first load carries none of it.
 */
export default function SearchResults({
  results,
  classes,
  status,
  loadingMore,
  onStatusChange,
  onPickClass,
  onPurchase,
}: {
  results: TrademarkSearchResponse;
  /** The classes searched (highlighted on the risk map). */
  classes: readonly number[];
  status: readonly StatusChoice[];
  loadingMore: boolean;
  onStatusChange: (next: StatusChoice[]) => void;
  onPickClass: (cls: number) => void;
  onPurchase: () => void;
}) {
  const { t } = useTranslation();
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
        </Flex>
        <StatusFilter value={status} onChange={onStatusChange} />
      </Flex>
      {results.results.length ? (
        <Flex vertical gap="small">
          {results.results.map((item) => (
            <ResultCard key={item.id} item={item} />
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
        <Empty description={t('trademarkSearch.empty')} />
      )}
    </Flex>
  );
}
