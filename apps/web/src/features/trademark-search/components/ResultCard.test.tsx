import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { TrademarkResultItem } from '@kxt/contracts/trademarks';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { i18n } from '../../../locales/i18n.ts';
import { customer } from '../../../test/fixtures.ts';
import { setCookie } from '../../../test/mock-api.ts';
import { ResultCard } from './ResultCard.tsx';

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));
afterEach(() => act(() => i18n.changeLanguage('zh-CN')));

const item: TrademarkResultItem = {
  id: 7,
  name: '耐克',
  applicationNumber: 'CN-123',
  applicationDate: '2020-01-02',
  registrationDate: null,
  niceClass: [25],
  owner: null,
  dataset: 'CN',
  status: 'registered',
  goodsAndServices: {},
  goodsAndServicesTranslation: null,
  attorney: null,
  imageUrl: null,
  designations: [],
  registrationNumber: null,
  expiryDate: null,
  markFeature: null,
  similarityScore: 82.4,
  signals: ['transliteration', 'descriptiveIgnored', 'oneLetter', 'phonetic', 'futureSignal'],
};

function setup() {
  return renderWithApp(<ResultCard item={item} />, { path: '/trademark/search', user: customer });
}

describe('result card similarity', () => {
  it('shows the strongest reason beside the percentage, visible without hovering', () => {
    setup();
    expect(screen.getByText('82%')).toBeInTheDocument();
    expect(screen.getByText('音译对应')).toBeInTheDocument();
  });

  it('explains every signal in the tooltip, in Chinese and in English', async () => {
    const { user } = setup();
    await user.hover(screen.getByText('音译对应'));
    expect(
      await screen.findByText('音译对应：中文名称是另一方外文名称的常见音译（或反之）'),
    ).toBeInTheDocument();
    expect(screen.getByText(/忽略描述性词语：比对时不计/)).toBeInTheDocument();
    expect(screen.getByText(/一字之差：较短的商标只差一个字母/)).toBeInTheDocument();
    expect(screen.getByText('读音相同：两者读起来相同或几乎相同')).toBeInTheDocument();
    // A code the web app does not know yet still shows, as its code.
    expect(screen.getByText('futureSignal')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('en-US'));
    expect(
      await screen.findByText('One name is a usual Chinese transliteration of the other'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Descriptive or generic words/)).toBeInTheDocument();
    expect(screen.getByText('transliteration')).toBeInTheDocument();
  });
});
