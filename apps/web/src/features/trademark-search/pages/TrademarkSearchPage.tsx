import { GlobalOutlined } from '@ant-design/icons';
import { expandDatasets, NICE_CLASSES, type TrademarkSearchResponse } from '@kxt/contracts/trademarks';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Segmented, Select, Spin, Tooltip, theme } from 'antd';
import type { ParseKeys } from 'i18next';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../components/api/api-client.ts';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useSessionUser } from '../../../components/session/current-user.ts';
import { hasGeneratedMarks, latestRegisterTime, useRegisterTimes } from '../api/register-times.ts';
import { searchCountQueryKey, useSearchCount } from '../api/search-count.ts';
import { searchTrademarks } from '../api/search-trademarks.ts';
import { ConsultantCard } from '../components/ConsultantCard.tsx';
import { CountryFlag } from '../components/CountryFlag.tsx';
import { countryOptions } from '../components/countries.ts';
import { loadEnglishNames, useMarketName } from '../components/country-names.ts';
import { DataNotice } from '../components/DataNotice.tsx';
import { FloatingSearchBar } from '../components/FloatingSearchBar.tsx';
import { NameInput } from '../components/NameInput.tsx';
import { QuotaLine } from '../components/QuotaLine.tsx';
import { RecentSearches } from '../components/RecentSearches.tsx';
import { useRecentSearches } from '../components/recent-searches.ts';
import {
  DEFAULT_COUNTRY,
  DEFAULT_STATUS_CHOICE,
  formFromParams,
  PAGE_SIZE,
  paramsFromForm,
  RESET_PAGE_SIZE,
  SCROLL_DEBOUNCE_MS,
  type SearchForm,
  type StatusChoice,
  statusParam,
  validateForm,
} from '../components/search-state.ts';

/** The longest market name a picker tag shows in full (with its code); longer ones show the code alone. */
const SHORT_TAG_NAME = 10;

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
  searchId?: string | undefined;
}

// The dialogs load on first use and the results with the first search, so the route's first load carries none
// of them.
const SearchResults = lazy(() => import('../components/SearchResults.tsx'));
const CountryDialog = lazy(() => import('../components/CountryDialog.tsx'));
const PurchaseDialog = lazy(() => import('../components/PurchaseDialog.tsx'));
const ConsultantDialog = lazy(() => import('../components/ConsultantDialog.tsx'));

const EMPTY_FORM: SearchForm = { text: '', countries: [DEFAULT_COUNTRY], classes: [] };

export default function TrademarkSearchPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const message = useMessageApi();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const registerTimes = useRegisterTimes();
  const searchCount = useSearchCount();
  const recent = useRecentSearches();
  const marketName = useMarketName();
  const user = useSessionUser();

  const [form, setForm] = useState<SearchForm>(() => formFromParams(searchParams));
  const [status, setStatus] = useState<StatusChoice[]>([...DEFAULT_STATUS_CHOICE]);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const [results, setResults] = useState<Results | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  // Spec §9: 10 a page, and 5 once 重置 has been used (until the page is loaded again).
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [dialog, setDialog] = useState<'country' | 'purchase' | null>(null);
  const [consulting, setConsulting] = useState(false);
  const sequence = useRef(0);
  // A search (page 0) is under way: read by submit in the same event, before React has rendered `loading`.
  const searching = useRef(false);
  // The tabs' radio group of its own: antd names every Segmented's group alike under test, which would join groups.
  const countryTabsName = useId();

  const run = useCallback(
    async ({ submitted: target, status: statusChoice, page, searchId }: RunOptions) => {
      const current = ++sequence.current;
      searching.current = page === 0;
      if (page === 0) setLoading(true);
      else setLoadingMore(true);
      try {
        // Every chosen country goes with each call and the tab narrows the results, so the tabs of one search
        // share its searchId and its single charge.
        const data = await searchTrademarks({
          text: target.form.text.trim(),
          classes: target.form.classes,
          datasets: expandDatasets(target.form.countries).join(','),
          countries: target.form.countries.join(','),
          country: target.country,
          page,
          pageSize,
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
        // A new search the server answered with an earlier one of the last day: say it cost nothing.
        if (page === 0 && searchId === undefined && data.reused) void message.info(t('searchUx.cost.reused'));
      } catch (error) {
        if (current !== sequence.current) return;
        // §8: a refusal shows the server's message and hides the results header; a network failure just stops.
        if (isApiError(error) && error.status !== 0) {
          void message.warning(error.msg);
          setResults(null);
          if (error.status === 402) void queryClient.invalidateQueries({ queryKey: searchCountQueryKey });
        }
      } finally {
        if (current === sequence.current) {
          searching.current = false;
          setLoading(false);
          setLoadingMore(false);
        }
      }
    },
    [message, queryClient, pageSize, t],
  );

  const submit = (next: SearchForm) => {
    const problem = validateForm(next);
    if (problem) {
      void message.warning(t(`trademarkSearch.validation.${problem}`));
      return;
    }
    // Issue #15: one search at a time. With none left the server still decides (the same question within a day
    // is free) and answers 402 with the quota message otherwise.
    if (searching.current) {
      void message.warning(t('trademarkSearch.validation.searching'));
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
    searching.current = false;
    setForm(EMPTY_FORM);
    setStatus([...DEFAULT_STATUS_CHOICE]);
    setSubmitted(null);
    setResults(null);
    setLoading(false);
    setLoadingMore(false);
    setPageSize(RESET_PAGE_SIZE);
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
    void run({ submitted: target, status, page: 0, searchId: results?.searchId });
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
  const offered = useMemo(() => countryOptions(times), [times]);
  const countryChoices = useMemo(
    () =>
      offered.map((code) => ({
        value: code,
        label: (
          <Flex component="span" gap={6} align="center">
            <CountryFlag code={code} />
            <span>{`${marketName(code)} (${code})`}</span>
          </Flex>
        ),
        search: `${code} ${marketName(code, 'zh-CN')} ${marketName(code, 'en-US')}`.toLowerCase(),
      })),
    [offered, marketName],
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
  const openCountryDialog = () => setDialog('country');
  // What the purchase dialog sells: the searched name in the searched countries, or else what the form holds.
  const purchase = submitted?.form ?? form;

  return (
    <Flex vertical gap="middle">
      <PageTitle title={t('trademarkSearch.title')} description={t('trademarkSearch.description')} />
      <DataNotice>
        {hasGeneratedMarks(times)
          ? t('trademarkReport.demoNotice')
          : latest
            ? t('trademarkSearch.notice', { date: latest })
            : t('trademarkSearch.noticeNoDate')}
      </DataNotice>
      <Flex gap="middle" align="flex-start" wrap>
        <Flex
          vertical
          gap="small"
          style={{
            flex: '1 1 480px',
            minWidth: 0,
            background: token.colorBgContainer,
            padding: token.padding,
            borderRadius: token.borderRadiusLG,
          }}
        >
          <Flex gap="small" wrap>
            <NameInput
              value={form.text}
              style={{ flex: '2 1 240px' }}
              onChange={(text) => setForm({ ...form, text })}
              onEnter={() => submit(form)}
            />
            <Flex style={{ flex: '2 1 240px', minWidth: 0 }}>
              <Select
                mode="multiple"
                aria-label={t('trademarkSearch.country')}
                placeholder={t('trademarkSearch.countryPlaceholder')}
                value={form.countries}
                options={countryChoices}
                // One line whatever is chosen: the tags that fit, then "+N" (issue #15).
                maxTagCount="responsive"
                // "+N", naming the hidden ones on hover.
                maxTagPlaceholder={(omitted) => (
                  <span title={omitted.map((option) => marketName(String(option.value))).join(', ')}>
                    +{omitted.length}
                  </span>
                )}
                // A tag names its market briefly, so the one-line box holds more of them: a long name (United
                // States of America) by its code, the full name on hover.
                labelRender={({ value }) => {
                  const code = String(value);
                  const name = marketName(code);
                  return (
                    <Flex component="span" gap={4} align="center" title={name}>
                      <CountryFlag code={code} />
                      <span>{name.length > SHORT_TAG_NAME ? code : `${name} (${code})`}</span>
                    </Flex>
                  );
                }}
                optionFilterProp="search"
                style={{ flex: 1, minWidth: 0 }}
                // The search matches English names too; in Chinese they load when the picker is first used.
                onFocus={() => void loadEnglishNames()}
                onChange={(countries: string[]) => setForm({ ...form, countries })}
                popupRender={(menu) => (
                  <>
                    {menu}
                    <hr
                      style={{
                        margin: `${token.marginXXS}px 0`,
                        border: 'none',
                        borderTop: `${token.lineWidth}px ${token.lineType} ${token.colorSplit}`,
                      }}
                    />
                    <Button type="link" size="small" icon={<GlobalOutlined />} onClick={openCountryDialog}>
                      {t('trademarkSearch.countryDialog.open')}
                    </Button>
                  </>
                )}
              />
              <Tooltip title={t('trademarkSearch.countryDialog.open')}>
                <Button
                  icon={<GlobalOutlined />}
                  aria-label={t('trademarkSearch.countryDialog.open')}
                  onClick={openCountryDialog}
                />
              </Tooltip>
            </Flex>
            <Select
              mode="multiple"
              aria-label={t('trademarkSearch.niceClass')}
              placeholder={t('trademarkSearch.niceClassPlaceholder')}
              value={form.classes}
              options={classChoices}
              maxTagCount="responsive"
              optionFilterProp="label"
              allowClear
              style={{ flex: '2 1 240px' }}
              onChange={(classes: number[]) =>
                setForm({ ...form, classes: [...classes].sort((a, b) => a - b) })
              }
            />
            {/* The buttons move to the next line as one group, so at desktop widths 咨询专业顾问 never sits on a line
                of its own; only a phone too narrow for all three wraps inside the group. */}
            <Flex gap="small" wrap style={{ flex: 'none', maxWidth: '100%' }}>
              <Button onClick={reset}>{t('trademarkSearch.reset')}</Button>
              <Button type="primary" loading={loading} onClick={() => submit(form)}>
                {t('trademarkSearch.search')}
              </Button>
              <Button onClick={() => setConsulting(true)}>{t('trademarkSearch.consultant.open')}</Button>
            </Flex>
          </Flex>
          <RecentSearches
            list={recent.list}
            onPick={(text) => setForm({ ...form, text })}
            onRemove={recent.remove}
            onClear={recent.clear}
          />
          {typeof remaining === 'number' ? (
            <QuotaLine remaining={remaining} onBuy={() => setDialog('purchase')} />
          ) : null}
        </Flex>
        <ConsultantCard />
      </Flex>

      {submitted ? (
        // The country tabs: a segmented control (already on every page) rather than antd Tabs, which would add
        // ~17 KB to this route's first load. Each choice narrows the same search to one market.
        <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Segmented
            name={countryTabsName}
            aria-label={t('trademarkSearch.country')}
            value={submitted.country}
            onChange={changeCountryTab}
            options={submitted.form.countries.map((code) => {
              const date = times?.[code]?.lastAppDate;
              return {
                value: code,
                tooltip: date ? t('trademarkSearch.tabUpdated', { date }) : t('trademarkSearch.tabNoDate'),
                label: (
                  <Flex component="span" gap={6} align="center">
                    <CountryFlag code={code} />
                    <span>{marketName(code)}</span>
                  </Flex>
                ),
              };
            })}
          />
        </div>
      ) : null}

      <Spin spinning={loading}>
        {results && submitted ? (
          <Suspense fallback={<div style={{ minHeight: 120 }} />}>
            <SearchResults
              results={results}
              market={submitted.country}
              classes={submitted.form.classes}
              status={status}
              loadingMore={loadingMore}
              onStatusChange={changeStatus}
              onPickClass={pickClass}
              onPurchase={() => setDialog('purchase')}
              watchPath={
                user.role === 'customer'
                  ? `/trademark/watches?${new URLSearchParams({
                      text: submitted.form.text.trim(),
                      countries: submitted.form.countries.join(','),
                      classes: submitted.form.classes.join(','),
                    })}`
                  : undefined
              }
            />
          </Suspense>
        ) : (
          <div style={{ minHeight: loading ? 120 : 0 }} />
        )}
      </Spin>

      <FloatingSearchBar
        text={form.text}
        loading={loading}
        onChange={(text) => setForm({ ...form, text })}
        onSearch={() => submit(form)}
      />
      <Suspense fallback={null}>
        {dialog === 'country' ? (
          <CountryDialog
            value={form.countries}
            options={offered}
            onCancel={() => setDialog(null)}
            onConfirm={(countries) => {
              setForm({ ...form, countries });
              setDialog(null);
            }}
          />
        ) : null}
        {dialog === 'purchase' ? (
          <PurchaseDialog
            open
            mark={purchase.text.trim()}
            countries={purchase.countries}
            onClose={() => setDialog(null)}
            onConsult={() => setConsulting(true)}
          />
        ) : null}
        {consulting ? <ConsultantDialog open onClose={() => setConsulting(false)} /> : null}
      </Suspense>
    </Flex>
  );
}
