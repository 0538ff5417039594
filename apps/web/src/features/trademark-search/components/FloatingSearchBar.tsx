import { Button, Flex, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NameInput } from './NameInput.tsx';
import { FLOATING_BAR_SCROLL } from './search-state.ts';

/** Whether the window is scrolled `distance` px or more. */
export function useScrolledPast(distance: number): boolean {
  const [past, setPast] = useState(() => window.scrollY >= distance);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY >= distance);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [distance]);
  return past;
}

/**
 * A compact name-and-search bar fixed at the top once the page is scrolled 400 px or more (spec §9). It edits the
 * same name as the form above.
 */
export function FloatingSearchBar({
  text,
  loading,
  onChange,
  onSearch,
}: {
  text: string;
  loading: boolean;
  onChange: (text: string) => void;
  onSearch: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const shown = useScrolledPast(FLOATING_BAR_SCROLL);
  if (!shown) return null;
  return (
    <search
      aria-label={t('trademarkSearch.floating')}
      style={{
        position: 'fixed',
        top: 0,
        insetInline: 0,
        zIndex: 1000,
        background: token.colorBgElevated,
        boxShadow: token.boxShadowSecondary,
        padding: `${token.paddingXS}px ${token.padding}px`,
      }}
    >
      <Flex gap="small" style={{ maxWidth: 720, margin: '0 auto' }}>
        <NameInput value={text} style={{ flex: 1, minWidth: 0 }} onChange={onChange} onEnter={onSearch} />
        <Button type="primary" loading={loading} onClick={onSearch}>
          {t('trademarkSearch.search')}
        </Button>
      </Flex>
    </search>
  );
}
