import type { AgreementInfo } from '@kxt/contracts/agreements';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, type MockReply, mockApi, ok } from '../test/mock-api.ts';
import { SignApp } from './SignApp.tsx';
import { FakeSignaturePad, stubCanvas } from './test-pad.ts';

vi.mock('signature_pad', async () => ({ default: (await import('./test-pad.ts')).FakeSignaturePad }));

const CODE = 'AbC-_123+xyz';
const SEARCH = `?code=${encodeURIComponent(CODE)}`;
const file = (id: string) => `/api/kxt/file/${id}?code=${encodeURIComponent(CODE)}`;

function agreement(overrides: Partial<AgreementInfo> = {}): AgreementInfo {
  return {
    agreementName: '知识产权服务协议',
    readStatus: 0,
    confirmStatus: 0,
    confirmFile: file('p2'),
    pages: [file('p1'), file('p2')],
    signedAt: null,
    signer: { name: '李娜', maskedMobile: '139****5678', confirmed: true, locked: false },
    consent: {
      version: 'v1',
      text: { 'zh-CN': '本人同意以电子签名方式签署本协议。', 'en-US': 'I agree to sign electronically.' },
    },
    ...overrides,
  };
}

beforeEach(() => {
  FakeSignaturePad.instances = [];
  stubCanvas();
  // The popup's drag gesture captures the pointer, which jsdom does not implement.
  for (const name of ['setPointerCapture', 'releasePointerCapture'] as const) {
    if (!Element.prototype[name]) Element.prototype[name] = () => {};
  }
  Element.prototype.hasPointerCapture ??= () => false;
});

function renderPage(search = SEARCH, language: 'zh-CN' | 'en-US' = 'zh-CN') {
  // antd-mobile's dialog and popup take no pointer events while they animate in; jsdom never finishes animating.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  render(<SignApp search={search} language={language} />);
  return user;
}

/** Agrees through the 温馨提示 dialog and waits for the pad. */
async function openPad(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: '确认签署' }));
  await user.click(await screen.findByRole('button', { name: '同意并签署' }));
  return findPadSubmit();
}

/**
 * The agreement checkbox, once it takes clicks: antd-mobile's checkbox listens for them from an effect, and a click
 * between the render that shows it and that effect ticks the box without telling the page (a busy machine made this
 * test fail about one run in fifteen). Waiting one turn of the event loop lets React run the effect first.
 */
async function findAgreeCheckbox() {
  const checkbox = await screen.findByRole('checkbox');
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return checkbox;
}

/** The pad is a lazy chunk: on a busy machine it takes longer than findBy's default wait to load. */
function findPadSubmit() {
  return screen.findByRole('button', { name: '提交' }, { timeout: 10_000 });
}

describe('the signing page', () => {
  it('shows a friendly empty state and loads nothing without a code', async () => {
    const api = mockApi({});
    renderPage('');
    expect(await screen.findByText('请通过签署链接打开本页面')).toBeInTheDocument();
    renderPage('?foo=bar');
    expect(screen.getAllByText('请通过签署链接打开本页面')).toHaveLength(2);
    expect(api.calls).toEqual([]);
  });

  it('loads the agreement by its decoded code: title, pages, a silent read confirmation and edit mode', async () => {
    const api = mockApi({ 'POST /api/kxt/getInfo': ok(agreement()), 'POST /api/kxt/confirm': ok(null) });
    renderPage();
    const first = await screen.findByRole('img', { name: '协议第 1 页' });
    expect(first).toHaveAttribute('src', file('p1'));
    expect(screen.getByRole('img', { name: '协议第 2 页' })).toHaveAttribute('src', file('p2'));
    // A tap on a page opens it at full size, where a phone can zoom into its text.
    expect(screen.getByRole('link', { name: '协议第 2 页' })).toHaveAttribute('href', file('p2'));
    expect(screen.getByRole('link', { name: '协议第 2 页' })).toHaveAttribute('target', '_blank');
    expect(screen.getByText('字太小？点击页面查看原图，可放大阅读')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('知识产权服务协议'));
    expect(api.callsTo('POST /api/kxt/getInfo')[0]?.body).toEqual({ code: CODE });
    await waitFor(() => expect(api.callsTo('POST /api/kxt/confirm')).toHaveLength(1));
    expect(api.callsTo('POST /api/kxt/confirm')[0]?.body).toEqual({ code: CODE, status: 1 });
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByText('我已阅读并同意《知识产权服务协议》')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '确认签署' })).toBeInTheDocument();
  });

  it('does not confirm reading again once read', async () => {
    const api = mockApi({ 'POST /api/kxt/getInfo': ok(agreement({ readStatus: 1 })) });
    renderPage();
    await screen.findByRole('button', { name: '确认签署' });
    expect(api.callsTo('POST /api/kxt/confirm')).toEqual([]);
  });

  it('takes code 0 as success too', async () => {
    mockApi({ 'POST /api/kxt/getInfo': { status: 200, body: { code: 0, msg: '', data: agreement() } } });
    renderPage();
    expect(await screen.findByRole('img', { name: '协议第 1 页' })).toBeInTheDocument();
  });

  it('shows the server message when getInfo answers another code', async () => {
    mockApi({ 'POST /api/kxt/getInfo': fail(410, '签署链接已过期，请联系客服重新发送') });
    renderPage();
    expect((await screen.findAllByText('签署链接已过期，请联系客服重新发送')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: '确认签署' })).not.toBeInTheDocument();
  });

  it('shows 链接失效 when the answer has no data', async () => {
    mockApi({ 'POST /api/kxt/getInfo': ok(null) });
    renderPage();
    expect((await screen.findAllByText('链接失效')).length).toBeGreaterThan(0);
  });

  it('offers a retry after a network failure', async () => {
    let attempts = 0;
    const api = mockApi({
      'POST /api/kxt/getInfo': () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return ok(agreement({ readStatus: 1 }));
      },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByRole('img', { name: '协议第 1 页' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/kxt/getInfo')).toHaveLength(2);
  });

  it('asks 温馨提示 before signing unless agreed; 取消 leaves things as they were', async () => {
    mockApi({ 'POST /api/kxt/getInfo': ok(agreement({ readStatus: 1 })) });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: '确认签署' }));
    expect(await screen.findByText('温馨提示')).toBeInTheDocument();
    expect(screen.getByText('签署前需要您仔细阅读并同意服务协议')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('温馨提示')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    expect(screen.queryByRole('button', { name: '提交' })).not.toBeInTheDocument();

    await openPad(user);
    expect(screen.getByRole('checkbox')).toBeChecked();
  });

  it('opens the pad straight away once agreed', async () => {
    mockApi({ 'POST /api/kxt/getInfo': ok(agreement({ readStatus: 1 })) });
    const user = renderPage();
    await user.click(await findAgreeCheckbox());
    await user.click(screen.getByRole('button', { name: '确认签署' }));
    expect(await findPadSubmit()).toBeInTheDocument();
    expect(screen.queryByText('温馨提示')).not.toBeInTheDocument();
  });

  it('sends nothing for an empty pad and says where to sign', async () => {
    const api = mockApi({ 'POST /api/kxt/getInfo': ok(agreement({ readStatus: 1 })) });
    const user = renderPage();
    await user.click(await openPad(user));
    expect(await screen.findByText('请在下方灰色区域内签字')).toBeInTheDocument();
    expect(api.callsTo('POST /api/kxt/upload')).toEqual([]);
  });

  it('submits: uploads signature.png, confirms status 2, closes the pad and reloads into view mode', async () => {
    let signed = false;
    const uploadedUrl = file('sig');
    const api = mockApi({
      'POST /api/kxt/getInfo': () =>
        ok(
          signed
            ? agreement({
                readStatus: 1,
                confirmStatus: 1,
                confirmFile: file('signed'),
                signedAt: '2026-11-21T08:00:00Z',
              })
            : agreement({ readStatus: 1 }),
        ),
      'POST /api/kxt/upload': ok([{ url: uploadedUrl, name: 'signature.png', type: 'image/png', size: 3 }]),
      'POST /api/kxt/confirm': (): MockReply => {
        signed = true;
        return ok(null);
      },
    });
    const user = renderPage();
    const submit = await openPad(user);
    act(() => FakeSignaturePad.last.draw([10, 10], [80, 40]));
    await user.click(submit);

    expect(await screen.findByText('协议已签署')).toBeInTheDocument();
    const form = api.fetch.mock.calls.find(([url]) => String(url) === '/api/kxt/upload')?.[1]
      ?.body as FormData;
    expect(form.get('code')).toBe(CODE);
    expect((form.get('file') as File).name).toBe('signature.png');
    expect((form.get('file') as File).type).toBe('image/png');
    expect(api.callsTo('POST /api/kxt/confirm').map((call) => call.body)).toEqual([
      { code: CODE, url: uploadedUrl, status: 2 },
    ]);
    expect(api.callsTo('POST /api/kxt/getInfo')).toHaveLength(2);
    expect(await screen.findByText('签署成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: '提交' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '查看签名' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '确认签署' })).not.toBeInTheDocument();
  });

  it('says 上传失败 when the upload is refused, sends no confirmation and lets the signer try again', async () => {
    const api = mockApi({
      'POST /api/kxt/getInfo': ok(agreement({ readStatus: 1 })),
      'POST /api/kxt/upload': fail(400, '签名为空，请在灰色区域内签字'),
    });
    const user = renderPage();
    const submit = await openPad(user);
    act(() => FakeSignaturePad.last.draw([10, 10], [80, 40]));
    await user.click(submit);
    expect(await screen.findByText('上传失败')).toBeInTheDocument();
    expect(api.callsTo('POST /api/kxt/confirm')).toEqual([]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '提交' })).not.toHaveClass('adm-button-loading'),
    );
  });

  it('shows the signed page on a read-only pad in view mode, where clear does nothing', async () => {
    mockApi({
      'POST /api/kxt/getInfo': ok(
        agreement({
          readStatus: 1,
          confirmStatus: 1,
          confirmFile: file('signed'),
          signedAt: '2026-11-21T08:00:00Z',
        }),
      ),
    });
    const user = renderPage();
    expect(await screen.findByText('协议已签署')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '查看签名' }));
    expect(await screen.findByText('我的签名')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '清除' })).toBeDisabled();
    const pad = FakeSignaturePad.last;
    expect(pad.off).toHaveBeenCalled();
    expect(pad.canvas.style.backgroundImage).toContain(file('signed'));
  });

  it('switches to English', async () => {
    mockApi({ 'POST /api/kxt/getInfo': ok(agreement({ readStatus: 1 })) });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'English' }));
    expect(screen.getByRole('button', { name: 'Confirm and sign' })).toBeInTheDocument();
    expect(window.localStorage.getItem('kxt.language')).toBe('en-US');
  });

  it('asks for the SMS code and the consent before the pad, and opens it once the code is confirmed', async () => {
    let confirmed = false;
    const api = mockApi({
      'POST /api/kxt/getInfo': () =>
        ok(
          agreement({
            readStatus: 1,
            signer: { name: '李娜', maskedMobile: '139****5678', confirmed, locked: false },
          }),
        ),
      'POST /api/kxt/sendCode': ok({ maskedMobile: '139****5678', resendAfter: 60, expiresIn: 600 }),
      'POST /api/kxt/verifyCode': (call) => {
        if ((call.body as { otp: string }).otp !== '123456')
          return fail(400, '验证码不正确，还可以再试 4 次');
        confirmed = true;
        return ok(null);
      },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: '确认签署' }));
    await user.click(await screen.findByRole('button', { name: '同意并签署' }));
    expect(await screen.findByText('签署人：李娜，手机号 139****5678')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码已发送至 139****5678，10 分钟内有效')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '60 秒后重发' })).toBeDisabled();
    expect(api.callsTo('POST /api/kxt/sendCode')[0]?.body).toEqual({ code: CODE });

    const verify = screen.getByRole('button', { name: '验证并签署' });
    await user.type(screen.getByPlaceholderText('请输入 6 位验证码'), '12a3457');
    expect(screen.getByPlaceholderText('请输入 6 位验证码')).toHaveValue('123457');
    expect(verify).toBeDisabled(); // consent not ticked
    await user.click(screen.getByText('本人同意以电子签名方式签署本协议。'));
    await user.click(verify);
    expect(await screen.findByRole('alert')).toHaveTextContent('验证码不正确，还可以再试 4 次');
    expect(screen.queryByRole('button', { name: '提交' })).not.toBeInTheDocument();

    await user.clear(screen.getByPlaceholderText('请输入 6 位验证码'));
    await user.type(screen.getByPlaceholderText('请输入 6 位验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '验证并签署' }));
    expect(await findPadSubmit()).toBeInTheDocument();
    expect(api.callsTo('POST /api/kxt/verifyCode').at(-1)?.body).toEqual({
      code: CODE,
      otp: '123456',
      consent: true,
      consentVersion: 'v1',
      language: 'zh-CN',
    });
  });

  it('offers no signing on a locked link and says whom to ask', async () => {
    mockApi({
      'POST /api/kxt/getInfo': ok(
        agreement({
          readStatus: 1,
          signer: { name: '李娜', maskedMobile: '139****5678', confirmed: false, locked: true },
        }),
      ),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('验证码错误次数过多，链接已锁定');
    expect(screen.queryByRole('button', { name: '确认签署' })).not.toBeInTheDocument();
  });

  it('shows a failed load in the language switched to', async () => {
    mockApi({
      'POST /api/kxt/getInfo': (call) =>
        call.headers.get('Accept-Language') === 'en-US'
          ? fail(410, 'This signing link has been revoked')
          : fail(410, '签署链接已作废，请联系客服'),
    });
    const user = renderPage();
    expect((await screen.findAllByText('签署链接已作废，请联系客服')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect((await screen.findAllByText('This signing link has been revoked')).length).toBeGreaterThan(0);
  });
});
