import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Plugin } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { localeParts } from './locale-parts.ts';

const TEXTS = {
  accounts: { profile: { open: '打开个人中心' }, users: { nav: '用户管理' } },
  errors: { network: '网络错误', forbidden: '无权访问' },
  nav: { home: '首页' },
};

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: Plugin, name: 'transform' | 'load' | 'resolveId') => plugin[name] as unknown as Hook;

describe('locale parts', () => {
  let root = '';
  let plugin: Plugin;
  const transform = (code: string, file = 'src/features/x/Page.tsx') =>
    hook(plugin, 'transform').call({}, code, path.join(root, file)) as { code: string } | undefined;
  const load = (part: string) =>
    hook(plugin, 'load').call(
      {
        addWatchFile() {},
        error: (message: string) => {
          throw new Error(message);
        },
      },
      `\0virtual:zh-CN/${part}`,
    ) as string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'locale-parts-'));
    await mkdir(path.join(root, 'src/locales'), { recursive: true });
    await writeFile(path.join(root, 'src/locales/zh-CN.json'), JSON.stringify(TEXTS));
    plugin = localeParts(root);
  });

  it('gives a module the parts its keys name, one level down', () => {
    const result = transform("const a = t('accounts.profile.open'); const b = { labelKey: 'nav.home' };");
    expect(result?.code.split('\n')[0]).toBe(
      "import 'virtual:zh-CN/accounts.profile';import 'virtual:zh-CN/nav.home';",
    );
  });

  it('gives the whole group where the rest of the key is built at run time', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source code under test holds a template literal
    expect(transform('t(`errors.${code}`)')?.code).toContain("import 'virtual:zh-CN/errors';");
    expect(transform("t('errors.' + code)")?.code).toContain("import 'virtual:zh-CN/errors';");
  });

  it('leaves modules that name no texts, and the signing page with texts of its own, alone', () => {
    expect(transform("import x from './other.ts'; const y = 'no.such.group';")).toBeUndefined();
    expect(transform("t('nav.home')", 'src/sign/SignPage.tsx')).toBeUndefined();
  });

  it('registers exactly the named part', () => {
    const code = load('accounts.users');
    expect(code).toContain('addChineseTexts({"accounts":{"users":{"nav":"用户管理"}}})');
    expect(code).not.toContain('打开个人中心');
    expect(load('errors')).toContain('"forbidden":"无权访问"');
  });

  it('fails the build on a part the texts do not have', () => {
    expect(() => load('accounts.nothing')).toThrow('zh-CN.json has no "accounts.nothing"');
  });
});
