import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatSimilarity } from './search-state.ts';

/** The signal's short name (`trademarkSearch.signals`), or its code when the web app does not know it yet. */
export function useSignalLabel(): (signal: string) => string {
  const { t } = useTranslation();
  return (signal) => t(`trademarkSearch.signals.${signal}` as ParseKeys, { defaultValue: signal });
}

/**
 * What the similarity tooltip says: the percentage, then one sentence per signal the engine matched on (strongest
 * first), so a consultant can tell a seller why a mark was found similar.
 */
export function SimilarityReasons({ score, signals }: { score: number; signals: readonly string[] }) {
  const { t } = useTranslation();
  const label = useSignalLabel();
  return (
    <div>
      <div>{t('trademarkSearch.similarity', { percent: formatSimilarity(score) })}</div>
      {signals.length > 0 ? (
        <>
          <div>{t('trademarkSearch.signalsLabel')}</div>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {signals.map((signal) => (
              <li key={signal}>
                {t(`trademarkSearch.signalReasons.${signal}` as ParseKeys, { defaultValue: label(signal) })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
