import { QuestionCircleOutlined } from '@ant-design/icons';
import { expandDatasets, NICE_CLASSES, type TrademarkSearchResponse } from '@kxt/contracts/trademarks';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Input, Select, Spin, Tabs, Tooltip, theme } from 'antd';
import type { ParseKeys } from 'i18next';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../components/api/api-client.ts';
import { countryName } from '../../../components/DataTable/format.ts';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { latestRegisterTime, useRegisterTimes } from '../api/register-times.ts';
import { searchCountQueryKey, useSearchCount } from '../api/search-count.ts';
import { searchTrademarks } from '../api/search-trademarks.ts';
import { countryOptions } from '../components/countries.ts';
import { RecentSearches } from '../components/RecentSearches.tsx';
import { ResultCard } from '../components/ResultCard.tsx';
import { RiskMap } from '../components/RiskMap.tsx';
import { useRecentSearches } from '../components/recent-searches.ts';
import { StatusFilter } from '../components/StatusFilter.tsx';
import {
  DEFAULT_COUNTRY,
  DEFAULT_STATUS_CHOICE,
  formatCount,
  formFromParams,
  MAX_CLASS_TAGS,
  MAX_COUNTRY_TAGS,
  PAGE_SIZE,
  paramsFromForm,
  SCROLL_DEBOUNCE_MS,
  type SearchForm,
  type StatusChoice,
  statusParam,
  validateForm,
} from '../components/search-state.ts';

/** What was searched: the form as submitted and the country tab shown. */
interface Submitted {
  form: SearchForm;
  country: string;
}

interface Results extends TrademarkSearchResponse {
  /** The last page loaded (0-based). */
  page: number;
}

interface RunOptions {
  submitted: Submitted;
  status: readonly StatusChoice[];
  page: number;
  searchId?: string;
}

const EMPTY_FORM: SearchForm = { text: '', countries: [DEFAULT_COUNTRY], classes: [] };

export default function TrademarkSearchPage() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const message = useMessageApi();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const registerTimes = useRegisterTimes();
  const searchCount = useSearchCount();
  const recent = useRecentSearches();

  const [form, setForm] = useState<SearchForm>(() => formFromParams(searchParams));
  const [status, setStatus] = useState<StatusChoice[]>([...DEFAULT_STATUS_CHOICE]);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const [results, setResults] = useState<Results | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const sequence = useRef(0);

  const run = useCallback(
    async ({ submitted: target, status: statusChoice, page, searchId }: RunOptions) => {
      const current = ++sequence.current;
      if (page === 0) setLoading(true);
      else setLoadingMore(true);
      try {
        const data = await searchTrademarks({
          text: target.form.text.trim(),
          classes: target.form.classes,
          datasets: expandDatasets([target.country]).join(','),
          page,
          pageSize: PAGE_SIZE,
          status: statusParam(statusChoice),
          searchId,
        });
        if (current !== sequence.current) return;
        setResults((previous) =>
          page > 0 && previous
            ? { ...data, results: [...previous.results, ...data.results], page }
            : { ...data, page },
        );
        queryClient.setQueryData(searchCountQueryKey, data.remainingSearches);
      } catch (error) {
        if (current !== sequence.current) return;
        // §8: a refusal shows the server's message and hides the results header; a network failure just stops.
        if (isApiError(error) && error.status !== 0) {
          void message.warning(error.msg);
          setResults(null);
        }
      } finally {
        if (current === sequence.current) {
          setLoading(false);
          setLoadingMore(false);
        }
      }
    },
    [message, queryClient],
  );

  const submit = (next: SearchForm) => {
    const problem = validateForm(next);
    if (problem) {
      void message.warning(t(`trademarkSearch.validation.${problem}`));
      return;
    }
    const remaining = queryClient.getQueryData<number | null>(searchCountQueryKey);
    if (typeof remaining === 'number' && remaining < 1) {
      void message.warning(t('trademarkSearch.validation.quotaUsedUp'));
      return;
    }
    setForm(next);
    recent.add(next.text);
    setSearchParams(paramsFromForm(next), { replace: true });
    const target = { form: next, country: next.countries[0] ?? DEFAULT_COUNTRY };
    setSubmitted(target);
    void run({ submitted: target, status, page: 0 });
  };

  // With `search` in the address the search runs at once (once, with the parameters of the first load).
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the first load's query parameters
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (searchParams.has('search')) submit(formFromParams(searchParams));
  }, []);

  const reset = () => {
    sequence.current++;
    setForm(EMPTY_FORM);
    setStatus([...DEFAULT_STATUS_CHOICE]);
    setSubmitted(null);
    setResults(null);
    setLoading(false);
    setLoadingMore(false);
    setSearchParams({}, { replace: true });
  };

  const changeStatus = (next: StatusChoice[]) => {
    setStatus(next);
    if (submitted) void run({ submitted, status: next, page: 0, searchId: results?.searchId });
  };

  const changeCountryTab = (country: string) => {
    if (!submitted || country === submitted.country) return;
    if (loading || loadingMore) {
      void message.warning(t('trademarkSearch.validation.searching'));
      return;
    }
    const target = { ...submitted, country };
    setSubmitted(target);
    void run({ submitted: target, status, page: 0 });
  };

  const pickClass = (cls: number) => {
    if (!form.text.trim()) {
      void message.warning(t('trademarkSearch.validation.nameRequired'));
      return;
    }
    submit({ ...form, classes: [cls] });
  };

  // Infinite scroll: at the bottom of the page, load the next page while fewer than total are loaded (debounced).
  const loadMore = useRef<() => void>(() => {});
  loadMore.current = () => {
    if (!submitted || !results || loading || loadingMore) return;
    if (results.results.length >= results.total) return;
    void run({ submitted, status, page: results.page + 1, searchId: results.searchId });
  };
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const root = document.documentElement;
      if (window.innerHeight + window.scrollY < root.scrollHeight - 200) return;
      clearTimeout(timer);
      timer = setTimeout(() => loadMore.current(), SCROLL_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, []);

  const times = registerTimes.data;
  const latest = latestRegisterTime(times);
  const language = i18n.language;
  const countryChoices = useMemo(
    () =>
      countryOptions(times).map((code) => ({
        value: code,
        label: `${countryName(code, language)} (${code})`,
      })),
    [times, language],
  );
  const classChoices = useMemo(
    () =>
      NICE_CLASSES.map((cls) => ({
        value: cls,
        label: t('trademarkSearch.classOption', {
          number: cls,
          heading: t(`trademarkSearch.classHeadings.${cls}` as ParseKeys),
        }),
      })),
    [t],
  );
  const remaining = searchCount.data;

  return (
    <Flex vertical gap="middle">
      <PageTitle title={t('trademarkSearch.title')} description={t('trademarkSearch.description')} />
      <Alert
        type="info"
        showIcon
        title={latest ? t('trademarkSearch.notice', { date: latest }) : t('trademarkSearch.noticeNoDate')}
      />
      <Flex
        vertical
        gap="small"
        style={{
          background: token.colorBgContainer,
          padding: token.padding,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <Flex gap="small" wrap>
          <Input
            aria-label={t('trademarkSearch.name')}
            placeholder={t('trademarkSearch.namePlaceholder')}
            value={form.text}
            maxLength={100}
            allowClear
            style={{ flex: '2 1 240px' }}
            onChange={(event) => setForm({ ...form, text: event.target.value })}
            onPressEnter={() => submit(form)}
          />
          <Select
            mode="multiple"
            aria-label={t('trademarkSearch.country')}
            placeholder={t('trademarkSearch.countryPlaceholder')}
            value={form.countries}
            options={countryChoices}
            maxTagCount={MAX_COUNTRY_TAGS}
            optionFilterProp="label"
            style={{ flex: '2 1 240px' }}
            onChange={(countries: string[]) => setForm({ ...form, countries })}
          />
          <Select
            mode="multiple"
            aria-label={t('trademarkSearch.niceClass')}
            placeholder={t('trademarkSearch.niceClassPlaceholder')}
            value={form.classes}
            options={classChoices}
            maxTagCount={MAX_CLASS_TAGS}
            optionFilterProp="label"
            allowClear
            style={{ flex: '2 1 240px' }}
            onChange={(classes: number[]) =>
              setForm({ ...form, classes: [...classes].sort((a, b) => a - b) })
            }
          />
          <Button onClick={reset}>{t('trademarkSearch.reset')}</Button>
          <Button type="primary" loading={loading} onClick={() => submit(form)}>
            {t('trademarkSearch.search')}
          </Button>
        </Flex>
        <RecentSearches
          list={recent.list}
          onPick={(text) => setForm({ ...form, text })}
          onRemove={recent.remove}
          onClear={recent.clear}
        />
        {typeof remaining === 'number' ? (
          <span style={{ color: token.colorTextSecondary }}>
            {t('trademarkSearch.remaining', { count: remaining })}
          </span>
        ) : null}
      </Flex>

      {submitted ? (
        <Tabs
          activeKey={submitted.country}
          onChange={changeCountryTab}
          items={submitted.form.countries.map((code) => {
            const date = times?.[code]?.lastAppDate;
            return {
              key: code,
              label: (
                <Tooltip
                  title={date ? t('trademarkSearch.tabUpdated', { date }) : t('trademarkSearch.tabNoDate')}
                >
                  <span>{countryName(code, language)}</span>
                </Tooltip>
              ),
            };
          })}
        />
      ) : null}

      <Spin spinning={loading}>
        {results && submitted ? (
          <Flex vertical gap="middle">
            <RiskMap
              statistics={results.niceClassStatistics}
              associations={results.classAssociations}
              selected={submitted.form.classes}
              onPick={pickClass}
            />
            <Flex justify="space-between" align="center" wrap gap="small">
              <Flex gap="small" align="center">
                <strong>{t('trademarkSearch.count', { total: formatCount(results.total) })}</strong>
                <Tooltip title={t('trademarkSearch.fieldsHelp')}>
                  <QuestionCircleOutlined aria-label={t('trademarkSearch.fieldsHelp')} />
                </Tooltip>
              </Flex>
              <StatusFilter value={status} onChange={changeStatus} />
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
        ) : (
          <div style={{ minHeight: loading ? 120 : 0 }} />
        )}
      </Spin>
    </Flex>
  );
}
