import { categoryCode } from '@kxt/contracts/business';
import { PAYMENT_MARK_MAX, PAYMENT_QUANTITY_MAX } from '@kxt/contracts/payments';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Input,
  InputNumber,
  Result,
  Row,
  Spin,
  Tag,
  theme,
} from 'antd';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { countryName } from '../../../components/DataTable/format.ts';
import { useMediaQuery } from '../../../components/media/use-media-query.ts';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { type CatalogueItem, useCatalogue } from '../api/catalogue.ts';
import { useMoney } from '../components/money.ts';

const PayDialog = lazy(() => import('../components/PayDialog.tsx'));

/**
 * The shelves the catalogue is grouped on: one per service category (trademark services are registrations of a
 * named mark), the search packs apart, the portal's own trademark and patent services first.
 */
const SHELVES = ['trademark', 'packs', 'patent', 'vat', 'epr', 'company', 'compliance', 'other'] as const;
type Shelf = (typeof SHELVES)[number];
const ALL = 'all';

function shelfOf(item: CatalogueItem): Shelf {
  if (item.kind === 'search-pack') return 'packs';
  const code = categoryCode(item.categoryIdTopId);
  return code && (SHELVES as readonly string[]).includes(code) ? (code as Shelf) : 'other';
}

const isShelf = (value: string | null): value is Shelf =>
  (SHELVES as readonly (string | null)[]).includes(value);

const positiveInt = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
};

interface Paid {
  item: CatalogueItem;
  quantity: number;
}

/**
 * /purchase: what a customer can buy (trademark registration per country, patent and other services, search
 * packs), grouped by category with a category filter, with prices. `?productId=&mark=` (from the trademark search) chooses a product and fills in the
 * mark. Buying opens the pay dialog; once paid the page says what was delivered.
 */
/** Where the page stacks the order panel under the catalogue (below antd's lg breakpoint, the grid's `lg={16}`). */
const ORDER_BELOW_LIST_QUERY = '(max-width: 991.98px)';

export default function PurchasePage() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const catalogue = useCatalogue();
  const linkedId = positiveInt(params.get('productId'));
  const [chosenId, setChosenId] = useState<number | null>(linkedId);
  const [mark, setMark] = useState(() => (params.get('mark') ?? '').slice(0, PAYMENT_MARK_MAX));
  const [quantity, setQuantity] = useState(1);
  const [paying, setPaying] = useState(false);
  const [paid, setPaid] = useState<Paid | null>(null);

  const items = catalogue.data ?? [];
  // The category filter lives in the address (`?category=patent`), so a link can open a shelf.
  const requested = params.get('category');
  const shelf: Shelf | typeof ALL = isShelf(requested) ? requested : ALL;
  const showShelf = (key: Shelf | typeof ALL) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === ALL) next.delete('category');
        else next.set('category', key);
        return next;
      },
      { replace: true },
    );
  const shelfName = (key: Shelf) => {
    if (key === 'trademark') return t('payment.purchase.registration');
    if (key === 'packs') return t('payment.purchase.packs');
    if (key === 'other') return t('payment.purchase.other');
    return t(`business.category.${key}`);
  };
  const stocked = SHELVES.filter((key) => items.some((item) => shelfOf(item) === key));
  const chosen = items.find((item) => item.id === chosenId) ?? null;
  const linkedMissing = catalogue.isSuccess && linkedId !== null && chosenId === linkedId && !chosen;
  const units = chosen?.kind === 'search-pack' ? quantity : 1;
  // Below antd's lg the order panel sits under the whole catalogue, thousands of pixels from the card just chosen.
  const orderBelowList = useMediaQuery(ORDER_BELOW_LIST_QUERY);
  const orderRef = useRef<HTMLElement>(null);

  const choose = (item: CatalogueItem) => {
    setChosenId(item.id);
    setQuantity(1);
  };

  const onPaid = () => {
    if (!chosen) return;
    setPaid({ item: chosen, quantity: units });
    // Searches left, service items: whatever other screens cached is out of date now.
    void queryClient.invalidateQueries({ queryKey: ['trademark'] });
  };

  if (paid) {
    const { item, quantity: bought } = paid;
    return (
      <Result
        status="success"
        title={t('payment.purchase.doneTitle')}
        subTitle={
          item.kind === 'search-pack'
            ? t('payment.purchase.donePack', { count: (item.grantsSearches ?? 0) * bought })
            : t('payment.purchase.doneService', { name: item.name })
        }
        extra={[
          <Link key="search" to="/trademark/search">
            <Button type="primary">{t('payment.purchase.toSearch')}</Button>
          </Link>,
          <Link key="patent" to="/trademark/patent">
            <Button>{t('payment.purchase.toPatent')}</Button>
          </Link>,
          <Button key="again" onClick={() => setPaid(null)}>
            {t('payment.purchase.again')}
          </Button>,
        ]}
      />
    );
  }

  const productCard = (item: CatalogueItem) => {
    const selected = item.id === chosenId;
    return (
      <Col key={item.id} xs={24} sm={12} xl={8}>
        <Card
          size="small"
          data-product-id={item.id}
          style={
            selected ? { borderColor: token.colorPrimary, boxShadow: token.boxShadowTertiary } : undefined
          }
          title={item.name}
          // English names are long: the title wraps rather than hiding the kind of service behind an ellipsis.
          styles={{ title: { whiteSpace: 'normal', overflow: 'visible', paddingBlock: token.paddingXS } }}
          extra={item.country ? <Tag>{countryName(item.country, i18n.language)}</Tag> : null}
        >
          <Flex justify="space-between" align="center" gap="small">
            <Flex vertical>
              <span style={{ color: token.colorError, fontWeight: token.fontWeightStrong }}>
                {money(item.price, item.currency)}
              </span>
              {item.kind === 'search-pack' && item.grantsSearches ? (
                <span style={{ color: token.colorTextSecondary }}>
                  {t('payment.purchase.searches', { count: item.grantsSearches })}
                </span>
              ) : null}
            </Flex>
            <Button
              type={selected ? 'primary' : 'default'}
              size="small"
              aria-pressed={selected}
              aria-label={`${t('payment.purchase.select')} ${item.name}`}
              onClick={() => choose(item)}
            >
              {selected ? t('payment.purchase.selected') : t('payment.purchase.select')}
            </Button>
          </Flex>
        </Card>
      </Col>
    );
  };

  let list: ReactNode;
  if (catalogue.isPending) {
    list = (
      <Flex justify="center" style={{ padding: token.paddingXL }}>
        <Spin aria-label={t('common.loading')} />
      </Flex>
    );
  } else if (catalogue.isError) {
    list = (
      <Flex vertical align="center" gap="small" role="alert" style={{ padding: token.paddingXL }}>
        <span style={{ color: token.colorError }}>{t('payment.purchase.error')}</span>
        <Button onClick={() => void catalogue.refetch()}>{t('common.retry')}</Button>
      </Flex>
    );
  } else if (!items.length) {
    list = <Empty description={t('payment.purchase.empty')} />;
  } else {
    const count = (key: Shelf | typeof ALL) =>
      key === ALL ? items.length : items.filter((item) => shelfOf(item) === key).length;
    // Chips that wrap rather than tabs that scroll: on a phone every category stays one tap away.
    const filter = (
      <Flex wrap gap="small" role="group" aria-label={t('payment.purchase.categories')}>
        {([ALL, ...stocked] as const).map((key) => (
          <Button
            key={key}
            shape="round"
            type={key === shelf ? 'primary' : 'default'}
            aria-pressed={key === shelf}
            onClick={() => showShelf(key)}
          >
            {t('table.tabWithCount', {
              name: key === ALL ? t('payment.purchase.all') : shelfName(key),
              count: count(key),
            })}
          </Button>
        ))}
      </Flex>
    );
    const shown = shelf === ALL ? stocked : stocked.filter((key) => key === shelf);
    const shelves: ReactNode[] = [
      <div key="filter">{filter}</div>,
      ...shown.map((key) => (
        <section key={key} aria-label={shelfName(key)}>
          <h2 style={{ fontSize: token.fontSizeHeading5, margin: `0 0 ${token.marginSM}px` }}>
            {shelfName(key)}
          </h2>
          <Row gutter={[token.marginSM, token.marginSM]}>
            {items.filter((item) => shelfOf(item) === key).map(productCard)}
          </Row>
        </section>
      )),
    ];
    if (!shown.length) shelves.push(<Empty key="empty" description={t('payment.purchase.empty')} />);
    list = shelves;
  }

  const order = chosen ? (
    <Card title={t('payment.purchase.order')}>
      <Flex vertical gap="middle">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'product', label: t('payment.purchase.product'), children: chosen.name },
            ...(chosen.country
              ? [
                  {
                    key: 'country',
                    label: t('payment.purchase.country'),
                    children: countryName(chosen.country, i18n.language),
                  },
                ]
              : []),
          ]}
        />
        {shelfOf(chosen) === 'trademark' ? (
          <Flex vertical gap={token.marginXXS}>
            <label htmlFor="purchase-mark">{t('payment.purchase.mark')}</label>
            <Input
              id="purchase-mark"
              value={mark}
              maxLength={PAYMENT_MARK_MAX}
              placeholder={t('payment.purchase.markPlaceholder')}
              onChange={(event) => setMark(event.target.value)}
            />
          </Flex>
        ) : null}
        {chosen.kind === 'search-pack' ? (
          <Flex vertical gap={token.marginXXS}>
            <label htmlFor="purchase-quantity">{t('payment.purchase.quantity')}</label>
            <InputNumber
              id="purchase-quantity"
              min={1}
              max={PAYMENT_QUANTITY_MAX}
              precision={0}
              value={quantity}
              onChange={(value) => setQuantity(value ?? 1)}
            />
          </Flex>
        ) : null}
        <Flex justify="space-between" align="baseline">
          <span>{t('payment.purchase.total')}</span>
          <strong style={{ color: token.colorError, fontSize: token.fontSizeHeading4 }}>
            {money(chosen.price * units, chosen.currency)}
          </strong>
        </Flex>
        <Button type="primary" block onClick={() => setPaying(true)}>
          {t('payment.purchase.buy')}
        </Button>
      </Flex>
    </Card>
  ) : (
    <Card>
      <Empty description={t('payment.purchase.pickFirst')} />
    </Card>
  );

  return (
    <Flex vertical gap="large">
      <PageTitle title={t('payment.purchase.title')} description={t('payment.purchase.description')} />
      {linkedMissing ? <Alert type="warning" showIcon title={t('payment.purchase.notFound')} /> : null}
      <Row gutter={[token.marginLG, token.marginLG]}>
        <Col xs={24} lg={16}>
          <Flex vertical gap="large">
            {list}
            {orderBelowList && chosen ? (
              // Kept at the bottom of the screen while the catalogue scrolls: what was chosen, and the way to the order.
              <Flex
                role="status"
                justify="space-between"
                align="center"
                gap="small"
                style={{
                  position: 'sticky',
                  bottom: 0,
                  zIndex: 2,
                  padding: token.paddingSM,
                  background: token.colorBgContainer,
                  borderTop: `1px solid ${token.colorBorderSecondary}`,
                  boxShadow: token.boxShadowSecondary,
                }}
              >
                <Flex vertical style={{ minWidth: 0 }}>
                  <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {chosen.name}
                  </span>
                  <strong style={{ color: token.colorError }}>
                    {money(chosen.price * units, chosen.currency)}
                  </strong>
                </Flex>
                <Button
                  type="primary"
                  onClick={() => orderRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
                >
                  {t('payment.purchase.checkout')}
                </Button>
              </Flex>
            ) : null}
          </Flex>
        </Col>
        <Col xs={24} lg={8}>
          <section ref={orderRef} aria-label={t('payment.purchase.order')}>
            {order}
          </section>
        </Col>
      </Row>
      {chosen && paying ? (
        <Suspense fallback={null}>
          <PayDialog
            open={paying}
            productId={chosen.id}
            quantity={units}
            mark={shelfOf(chosen) === 'trademark' ? mark : undefined}
            amount={chosen.price * units}
            currency={chosen.currency}
            onClose={() => setPaying(false)}
            onPaid={onPaid}
          />
        </Suspense>
      ) : null}
    </Flex>
  );
}
