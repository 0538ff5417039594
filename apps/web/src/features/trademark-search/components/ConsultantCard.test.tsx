import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { setLanguage } from '../../../locales/i18n.ts';
import { customer } from '../../../test/fixtures.ts';
import { deferred, fail, type MockReply, mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import { ConsultantCard } from './ConsultantCard.tsx';
import ConsultantDialog from './ConsultantDialog.tsx';

const consultant = { nickName: '张顾问', phonenumber: '13900000000', wechatCode: 'https://u.wechat.com/x' };

beforeEach(() => {
  setCookie(CSRF_COOKIE, 'csrf');
  sessionStorage.clear();
});

describe('consultant card', () => {
  it('shows the nickname, phone and a QR code of the WeChat link', async () => {
    mockApi({ 'GET /api/trademark/consultant': ok(consultant) });
    renderWithApp(<ConsultantCard />, { path: '/trademark/search', user: customer });
    const card = screen.getByRole('region', { name: '专属商标顾问' });
    expect(await within(card).findByText('张顾问')).toBeInTheDocument();
    expect(within(card).getByText('电话：13900000000')).toBeInTheDocument();
    const qr = within(card).getByRole('img', { name: '顾问微信二维码' });
    expect(qr).toHaveAttribute('data-value', 'https://u.wechat.com/x');
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
  });

  it('says when there is no WeChat contact', async () => {
    mockApi({ 'GET /api/trademark/consultant': ok({ ...consultant, wechatCode: null }) });
    renderWithApp(<ConsultantCard />, { path: '/trademark/search', user: customer });
    expect(await screen.findByText('顾问暂未提供微信，请电话联系')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '顾问微信二维码' })).not.toBeInTheDocument();
  });

  it('shows a loading state, then an error with a retry', async () => {
    const held = deferred<MockReply>();
    let calls = 0;
    mockApi({
      'GET /api/trademark/consultant': () => {
        calls++;
        return calls === 1 ? held.promise : ok(consultant);
      },
    });
    const { container } = renderWithApp(<ConsultantCard />, { path: '/trademark/search', user: customer });
    expect(container.querySelector('.ant-spin')).not.toBeNull();
    held.resolve(fail(404, '暂无顾问'));
    expect(await screen.findByText('顾问信息加载失败')).toBeInTheDocument();
    await screen.getByRole('button', { name: /^重\s?试$/ }).click();
    expect(await screen.findByText('张顾问')).toBeInTheDocument();
  });

  it('closes, and stays closed for the rest of the session', async () => {
    mockApi({ 'GET /api/trademark/consultant': ok(consultant) });
    const first = renderWithApp(<ConsultantCard />, { path: '/trademark/search', user: customer });
    await first.user.click(screen.getByRole('button', { name: '关闭顾问卡片' }));
    expect(screen.queryByRole('region', { name: '专属商标顾问' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('kxt.trademarkSearch.consultantClosed')).toBe('1');
    first.unmount();
    renderWithApp(<ConsultantCard />, { path: '/trademark/search', user: customer });
    expect(screen.queryByRole('region', { name: '专属商标顾问' })).not.toBeInTheDocument();
  });
});

describe('consultant QR dialog', () => {
  it('is titled 商标咨询 and shows the QR code and the details', async () => {
    mockApi({ 'GET /api/trademark/consultant': ok(consultant) });
    renderWithApp(<ConsultantDialog open onClose={() => {}} />, {
      path: '/trademark/search',
      user: customer,
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('商标咨询')).toBeInTheDocument();
    expect(await within(dialog).findByText('张顾问')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: '顾问微信二维码' })).toHaveAttribute(
        'data-value',
        'https://u.wechat.com/x',
      ),
    );
  });

  it('is titled Trademark consulting in English', async () => {
    await setLanguage('en-US');
    mockApi({ 'GET /api/trademark/consultant': ok(consultant) });
    renderWithApp(<ConsultantDialog open onClose={() => {}} />, {
      path: '/trademark/search',
      user: customer,
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Trademark consulting')).toBeInTheDocument();
    expect(await within(dialog).findByText('Phone: 13900000000')).toBeInTheDocument();
  });
});

afterEach(() => setLanguage('zh-CN'));
