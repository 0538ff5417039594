import type { ProductInfo } from '@kxt/contracts/trademarks';
import { Button, Flex, Modal, Spin, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../components/DataTable/format.ts';
import { registrationProduct, useCountryProducts } from '../api/country-products.ts';
import { useSearchPacks } from '../api/search-packs.ts';
import { CountryFlag } from './CountryFlag.tsx';
import { useMarketName } from './country-names.ts';

/** Where a purchase goes: the purchase page (another feature) with the product and the searched name. */
export function purchasePath(productId: number, mark: string): string {
  return `/purchase?productId=${productId}&mark=${encodeURIComponent(mark)}`;
}

const list = { listStyle: 'none', margin: 0, padding: 0 } as const;

function Line({ title, extra, action }: { title: ReactNode; extra: ReactNode; action: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <li style={{ padding: `${token.paddingXS}px 0`, borderBottom: `1px solid ${token.colorSplit}` }}>
      <Flex gap="small" align="center" wrap>
        {title}
        {extra}
        {action}
      </Flex>
    </li>
  );
}

/**
 * Trademark registration of the searched name in each chosen country (a country the catalogue does not sell is
 * "consult your adviser"), and the search packs when the catalogue has any. Buying goes to the purchase page.
 * Loaded lazily.
 */
export default function PurchaseDialog({
  open,
  mark,
  countries,
  onClose,
  onConsult,
}: {
  open: boolean;
  mark: string;
  countries: readonly string[];
  onClose: () => void;
  onConsult: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const products = useCountryProducts(open);
  const marketName = useMarketName();
  const packs = useSearchPacks(open).data ?? [];
  const buy = (product: Pick<ProductInfo, 'id' | 'name'>) => (
    <Button
      type="primary"
      size="small"
      aria-label={t('trademarkSearch.purchase.buyLabel', { name: product.name })}
      onClick={() => {
        onClose();
        void navigate(purchasePath(product.id, mark));
      }}
    >
      {t('trademarkSearch.purchase.buy')}
    </Button>
  );
  const price = (product: Pick<ProductInfo, 'price' | 'currency'>) => (
    <span style={{ color: token.colorError, marginInlineStart: 'auto' }}>
      {formatMoney(product.price, product.currency, i18n.language)}
    </span>
  );

  const marketLabel = (code: string) => (
    <Flex gap={6} align="center">
      <CountryFlag code={code} />
      <span>{marketName(code)}</span>
    </Flex>
  );

  let body: ReactNode;
  if (products.isPending) {
    body = (
      <Flex justify="center" style={{ padding: token.paddingLG }}>
        <Spin aria-label={t('common.loading')} />
      </Flex>
    );
  } else if (products.isError) {
    body = (
      <Flex vertical align="center" gap="small" role="alert">
        <span style={{ color: token.colorError }}>{t('trademarkSearch.purchase.error')}</span>
        <Button size="small" onClick={() => void products.refetch()}>
          {t('common.retry')}
        </Button>
      </Flex>
    );
  } else {
    body = (
      <Flex vertical gap="middle">
        <section aria-label={t('trademarkSearch.purchase.registration', { mark })}>
          <strong>{t('trademarkSearch.purchase.registration', { mark })}</strong>
          <ul style={list}>
            {countries.map((country) => {
              const product = registrationProduct(products.data, country);
              const name = marketLabel(country);
              return product ? (
                <Line key={country} title={name} extra={price(product)} action={buy(product)} />
              ) : (
                <Line
                  key={country}
                  title={name}
                  extra={
                    <span style={{ color: token.colorTextSecondary, marginInlineStart: 'auto' }}>
                      {t('trademarkSearch.purchase.consult')}
                    </span>
                  }
                  action={
                    <Button size="small" onClick={onConsult}>
                      {t('trademarkSearch.purchase.consultButton')}
                    </Button>
                  }
                />
              );
            })}
          </ul>
        </section>
        {packs.length ? (
          <section aria-label={t('trademarkSearch.purchase.packs')}>
            <strong>{t('trademarkSearch.purchase.packs')}</strong>
            <ul style={list}>
              {packs.map((product) => (
                <Line
                  key={product.id}
                  title={<span>{product.name}</span>}
                  extra={price(product)}
                  action={buy(product)}
                />
              ))}
            </ul>
          </section>
        ) : null}
      </Flex>
    );
  }

  return (
    <Modal
      open={open}
      title={t('trademarkSearch.purchase.title')}
      footer={null}
      width={560}
      onCancel={onClose}
    >
      {body}
    </Modal>
  );
}
