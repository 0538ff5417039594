import { Button, Checkbox, Empty, Flex, Input, Modal, Tag, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { CountryFlag } from './CountryFlag.tsx';
import { codesByArea, HOT_COUNTRIES } from './countries.ts';
import { provideEnglishNames, useMarketMatcher, useMarketName } from './country-names.ts';
import { ENGLISH_NAMES } from './english-country-names.ts';
import { HOT_WARNING_COUNT, MANY_COUNTRIES } from './search-state.ts';

// The dialog's filter matches English names too, so it brings them with itself.
provideEnglishNames(ENGLISH_NAMES);

const MANY_KEY = 'trademark-search-many-countries';

/**
 * The country dialog: hot list, areas by continent (each with select-all), a filter on Chinese name, English name
 * or code, the count chosen, remove all and confirm. Warns past 10 countries and at 5 through the hot list (spec
 * §5); confirming none asks for a country and stays open. Loaded lazily, when first opened.
 */
export default function CountryDialog({
  value,
  options,
  onConfirm,
  onCancel,
}: {
  value: readonly string[];
  /** The markets offered, in the picker's order. */
  options: readonly string[];
  onConfirm: (countries: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const message = useMessageApi();
  const name = useMarketName();
  const matches = useMarketMatcher();
  const [chosen, setChosen] = useState<string[]>(() => [...value]);
  const [query, setQuery] = useState('');

  const hot = useMemo(() => HOT_COUNTRIES.filter((code) => options.includes(code)), [options]);
  const areas = useMemo(
    () =>
      codesByArea(options)
        .map(([area, codes]) => [area, codes.filter((code) => matches(code, query))] as const)
        .filter(([, codes]) => codes.length > 0),
    [options, matches, query],
  );

  const change = (next: string[], viaHotList = false) => {
    const added = next.length > chosen.length;
    if (added && next.length > MANY_COUNTRIES) {
      void message.warning({ content: t('trademarkSearch.countryDialog.tooMany'), key: MANY_KEY });
    } else if (added && viaHotList && next.length === HOT_WARNING_COUNT) {
      void message.warning({ content: t('trademarkSearch.countryDialog.hotFive'), key: MANY_KEY });
    }
    setChosen(next);
  };
  const toggle = (code: string, viaHotList = false) =>
    change(chosen.includes(code) ? chosen.filter((item) => item !== code) : [...chosen, code], viaHotList);
  const toggleAll = (codes: readonly string[], on: boolean) =>
    change(
      on
        ? [...chosen, ...codes.filter((code) => !chosen.includes(code))]
        : chosen.filter((code) => !codes.includes(code)),
    );

  const confirm = () => {
    if (!chosen.length) {
      void message.warning(t('trademarkSearch.validation.countryRequired'));
      return;
    }
    onConfirm(chosen);
  };

  const label = (code: string) => (
    <Flex component="span" gap={6} align="center">
      <CountryFlag code={code} />
      <span>{name(code)}</span>
      <span style={{ color: token.colorTextTertiary }}>{code}</span>
    </Flex>
  );

  return (
    <Modal
      open
      width={780}
      title={t('trademarkSearch.countryDialog.title')}
      onCancel={onCancel}
      footer={
        <Flex justify="space-between" align="center" wrap gap="small">
          <Flex gap="small" align="center">
            <span role="status">{t('trademarkSearch.countryDialog.chosen', { count: chosen.length })}</span>
            <Button type="link" size="small" disabled={!chosen.length} onClick={() => setChosen([])}>
              {t('trademarkSearch.countryDialog.removeAll')}
            </Button>
          </Flex>
          <Flex gap="small">
            <Button onClick={onCancel}>{t('trademarkSearch.countryDialog.cancel')}</Button>
            <Button type="primary" onClick={confirm}>
              {t('trademarkSearch.countryDialog.confirm')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Flex vertical gap="middle">
        <Input
          allowClear
          aria-label={t('trademarkSearch.countryDialog.filter')}
          placeholder={t('trademarkSearch.countryDialog.filter')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        {chosen.length ? (
          <Flex wrap gap={4}>
            {chosen.map((code) => (
              <Tag key={code} closable onClose={() => toggle(code)} style={{ marginInlineEnd: 0 }}>
                {name(code)}
              </Tag>
            ))}
          </Flex>
        ) : null}
        <section aria-label={t('trademarkSearch.countryDialog.hot')}>
          <div style={{ marginBottom: token.marginXS, fontWeight: 600 }}>
            {t('trademarkSearch.countryDialog.hot')}
          </div>
          <Flex wrap gap="small">
            {hot.map((code) => {
              const on = chosen.includes(code);
              return (
                <Button
                  key={code}
                  size="small"
                  type={on ? 'primary' : 'default'}
                  ghost={on}
                  aria-pressed={on}
                  onClick={() => toggle(code, true)}
                >
                  <CountryFlag code={code} />
                  {name(code)}
                </Button>
              );
            })}
          </Flex>
        </section>
        <div style={{ maxHeight: '45vh', overflowY: 'auto' }}>
          {areas.length ? (
            <Flex vertical gap="middle">
              {areas.map(([area, codes]) => {
                const count = codes.filter((code) => chosen.includes(code)).length;
                const areaName = t(`trademarkSearch.countryDialog.areas.${area}`);
                return (
                  <section key={area} aria-label={areaName}>
                    <Checkbox
                      checked={count === codes.length}
                      indeterminate={count > 0 && count < codes.length}
                      aria-label={t('trademarkSearch.countryDialog.selectAll', { area: areaName })}
                      onChange={(event) => toggleAll(codes, event.target.checked)}
                      style={{ fontWeight: 600, marginBottom: token.marginXS }}
                    >
                      {areaName}
                    </Checkbox>
                    <div
                      style={{
                        display: 'grid',
                        gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
                        gap: 4,
                        paddingInlineStart: token.paddingMD,
                      }}
                    >
                      {codes.map((code) => (
                        <Checkbox key={code} checked={chosen.includes(code)} onChange={() => toggle(code)}>
                          {label(code)}
                        </Checkbox>
                      ))}
                    </div>
                  </section>
                );
              })}
            </Flex>
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('trademarkSearch.countryDialog.noMatch')}
            />
          )}
        </div>
      </Flex>
    </Modal>
  );
}
