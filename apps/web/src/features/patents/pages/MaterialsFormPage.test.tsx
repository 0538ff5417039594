import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { ADDITIONAL_RULES_CACHE_KEY, type MaterialsAnswer } from '@kxt/contracts/patents';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { i18n } from '../../../locales/i18n.ts';
import { customer } from '../../../test/fixtures.ts';
import { fail, mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import { completeMaterials, materialsAnswer, PDF } from '../test/fixtures.ts';
import MaterialsFormPage from './MaterialsFormPage.tsx';

const MATERIALS = '/api/patent/services/1/materials';
const button = (label: string) => new RegExp(`^${label.split('').join('\\s?')}$`);

function setup(answer: MaterialsAnswer, post = ok(null)) {
  const server = mockApi({ [`GET ${MATERIALS}`]: ok(answer), [`POST ${MATERIALS}`]: post });
  const view = renderWithApp(<MaterialsFormPage />, { path: '/form/submit?id=1', user: customer });
  return { ...view, server, posts: () => server.callsTo(`POST ${MATERIALS}`) };
}

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));
afterEach(() => act(() => i18n.changeLanguage('zh-CN')));

describe('materials form', () => {
  it('requires the applicant, inventor and product fields on submit', async () => {
    const { user, posts } = setup(materialsAnswer());
    await user.click(await screen.findByRole('button', { name: button('提交') }));
    expect(await screen.findByText('请填写中文名称')).toBeInTheDocument();
    for (const text of [
      '请填写英文名称',
      '请填写中文地址',
      '请填写统一社会信用代码/注册号',
      '请填写发明人1中文名',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('请填写产品中文名称')).toBeInTheDocument();
    expect(screen.getByText('外观专利请上传系列图片')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('asks a design patent for series pictures', async () => {
    const { user, posts } = setup(materialsAnswer({ materials: completeMaterials }));
    await user.click(await screen.findByRole('button', { name: button('提交') }));
    expect(await screen.findByText('外观专利请上传系列图片')).toBeInTheDocument();
    expect(screen.queryByText('发明专利和实用新型请上传说明书')).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('asks an invention for a specification, not for pictures', async () => {
    const { user, posts } = setup(materialsAnswer({ patentType: 2, materials: completeMaterials }));
    await user.click(await screen.findByRole('button', { name: button('提交') }));
    expect(await screen.findByText('发明专利和实用新型请上传说明书')).toBeInTheDocument();
    expect(screen.queryByText('外观专利请上传系列图片')).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('submits complete materials as type 1 and goes back to the list', async () => {
    const materials = { ...completeMaterials, specification: [PDF] };
    const { user, posts, currentPath } = setup(materialsAnswer({ patentType: 3, materials }));
    await user.click(await screen.findByRole('button', { name: button('提交') }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({
      type: 1,
      materials: { applicant: { nameCn: '深圳示例贸易有限公司' }, specification: [PDF] },
    });
    expect(await screen.findByText('提交成功！')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/trademark/patent'));
  });

  it('saves a draft without validation', async () => {
    const { user, posts } = setup(materialsAnswer());
    await user.type(await screen.findByRole('textbox', { name: '中文名称' }), '半填');
    await user.click(screen.getByRole('button', { name: button('保存草稿') }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({ type: 0, materials: { applicant: { nameCn: '半填' } } });
    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
    expect(screen.queryByText('请填写英文名称')).toBeNull();
  });

  it("puts the server's field errors under the fields", async () => {
    const materials = { ...completeMaterials, specification: [PDF] };
    const { user } = setup(
      materialsAnswer({ patentType: 2, materials }),
      fail(400, '资料有误', { 'materials.applicant.nameEn': '英文名称过长' }),
    );
    await user.click(await screen.findByRole('button', { name: button('提交') }));
    expect(await screen.findByText('英文名称过长')).toBeInTheDocument();
    expect(screen.getAllByText('资料有误').length).toBeGreaterThan(0);
  });

  it('shows the rejection reasons on a re-upload and keeps the earlier data', async () => {
    setup(
      materialsAnswer({
        status: -1,
        materials: completeMaterials,
        rejectReasons: [
          {
            id: 1,
            createTime: '2026-11-02T08:00:00.000Z',
            operator: 'reviewer',
            content: '图片不清晰',
            status: -1,
          },
        ],
      }),
    );
    expect(await screen.findByText('图片不清晰')).toBeInTheDocument();
    expect(screen.getByText('重新上传注册资料')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '中文名称' })).toHaveValue('深圳示例贸易有限公司');
  });

  it('reuses the cached additional rules of the same version', async () => {
    window.localStorage.setItem(
      ADDITIONAL_RULES_CACHE_KEY,
      JSON.stringify({
        'zh-CN:CN:1': { version: 2, rules: [{ version: 2, title: '缓存的规则', content: 'a' }] },
      }),
    );
    setup(materialsAnswer({ additionalRulesInfo: [{ version: 2, title: '服务器规则', content: 'b' }] }));
    expect(await screen.findByText('缓存的规则')).toBeInTheDocument();
    expect(screen.queryByText('服务器规则')).toBeNull();
  });

  it('refreshes the cached rules when the version changed', async () => {
    window.localStorage.setItem(
      ADDITIONAL_RULES_CACHE_KEY,
      JSON.stringify({
        'zh-CN:CN:1': { version: 2, rules: [{ version: 2, title: '缓存的规则', content: 'a' }] },
      }),
    );
    setup(materialsAnswer({ additionalRulesInfo: [{ version: 3, title: '新版规则', content: 'b' }] }));
    expect(await screen.findByText('新版规则')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        JSON.parse(window.localStorage.getItem(ADDITIONAL_RULES_CACHE_KEY) ?? '{}')['zh-CN:CN:1'].version,
      ).toBe(3),
    );
  });

  it('shows the rules in the language the page is read in, never a copy cached in the other one', async () => {
    const rules = (language: string | null) =>
      language?.startsWith('en')
        ? [{ version: 2, title: 'Materials requirements', content: 'Clear pictures, please.' }]
        : [{ version: 2, title: '资料要求', content: '请上传清晰的图片。' }];
    const server = mockApi({
      [`GET ${MATERIALS}`]: (call) =>
        ok(materialsAnswer({ additionalRulesInfo: rules(call.headers.get('accept-language')) })),
    });
    const { user } = renderWithApp(<MaterialsFormPage />, { path: '/form/submit?id=1', user: customer });
    expect(await screen.findByText('资料要求')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: '中文名称' }), '已经输入的名称');
    await act(() => i18n.changeLanguage('en-US'));
    expect(await screen.findByText('Materials requirements')).toBeInTheDocument();
    expect(screen.queryByText('资料要求')).toBeNull();
    // The form stayed mounted through the refetch: what was typed is still there.
    expect(screen.getByDisplayValue('已经输入的名称')).toBeInTheDocument();
    expect(server.callsTo(`GET ${MATERIALS}`).length).toBeGreaterThanOrEqual(2);
    const cache = JSON.parse(window.localStorage.getItem(ADDITIONAL_RULES_CACHE_KEY) ?? '{}');
    expect(cache['zh-CN:CN:1'].rules[0].title).toBe('资料要求');
    expect(cache['en-US:CN:1'].rules[0].title).toBe('Materials requirements');
  });

  it('starts the applicant from the customer’s company, and the fields stay editable', async () => {
    const { user, posts } = setup(
      materialsAnswer({
        applicantDefaults: {
          kind: 'company',
          nameCn: '宁波示例有限公司',
          nameEn: 'Ningbo Example Co., Ltd.',
          addressCn: '宁波市鄞州区 1 号',
          contactEmail: 'ip@example.com',
        },
      }),
    );
    const nameCn = await screen.findByRole('textbox', { name: '中文名称' });
    expect(nameCn).toHaveValue('宁波示例有限公司');
    expect(screen.getByRole('textbox', { name: '英文名称' })).toHaveValue('Ningbo Example Co., Ltd.');
    expect(screen.getByRole('textbox', { name: '中文地址' })).toHaveValue('宁波市鄞州区 1 号');
    expect(screen.getByRole('textbox', { name: '英文地址' })).toHaveValue('');
    expect(screen.getByText(/已根据贵公司资料预填申请人信息/)).toBeInTheDocument();
    await user.clear(nameCn);
    await user.type(nameCn, '宁波另一家有限公司');
    await user.click(screen.getByRole('button', { name: button('保存草稿') }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({
      type: 0,
      materials: { applicant: { nameCn: '宁波另一家有限公司', nameEn: 'Ningbo Example Co., Ltd.' } },
    });
  });

  it('keeps a saved applicant as it was instead of the company’s details', async () => {
    setup(
      materialsAnswer({
        materials: { applicant: { kind: 'individual', nameCn: '张三' } },
        applicantDefaults: { kind: 'company', nameCn: '宁波示例有限公司' },
      }),
    );
    expect(await screen.findByRole('textbox', { name: '中文名称' })).toHaveValue('张三');
    expect(screen.queryByText(/已根据贵公司资料预填申请人信息/)).toBeNull();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, currentPath } = setup(materialsAnswer());
    await user.type(await screen.findByRole('textbox', { name: '中文名称' }), '未保存');
    await user.click(screen.getByRole('button', { name: button('返回列表') }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('离开此页？');
    expect(currentPath()).toBe('/form/submit?id=1');
    await user.click(within(dialog).getByRole('button', { name: button('离开') }));
    await waitFor(() => expect(currentPath()).toBe('/trademark/patent'));
  });
});
