import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** From this many searches left the line also says what a search costs (issue #15: before it runs). */
export const NEARLY_USED_UP = 3;

/**
 * The searches left under the form. When few are left it says what the next search costs and that the same
 * question within a day costs nothing (the server's rule); when none are left it offers to buy more.
 */
export function QuotaLine({ remaining, onBuy }: { remaining: number; onBuy: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex gap="small" align="center" wrap>
      <span style={{ color: token.colorTextSecondary }}>
        {t('trademarkSearch.remaining', { count: remaining })}
      </span>
      {remaining <= NEARLY_USED_UP ? (
        // The theme's text colour (AA on white), in bold: antd's warning orange is below AA as text.
        <span role="note" style={{ color: token.colorText, fontWeight: token.fontWeightStrong }}>
          {remaining < 1 ? t('searchUx.cost.usedUp') : t('searchUx.cost.next', { count: remaining })}
        </span>
      ) : null}
      {remaining < 1 ? (
        <Button type="link" size="small" onClick={onBuy}>
          {t('trademarkSearch.purchase.buyMore')}
        </Button>
      ) : null}
    </Flex>
  );
}
