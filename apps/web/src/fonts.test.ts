import { describe, expect, it } from 'vitest';
import globalCss from './app/global.css?raw';
import { APP_THEME } from './app/providers.tsx';
import fontsCss from './fonts.css?raw';
import signCss from './sign/sign.css?raw';

/** The families of the one stack, in the order the browser tries them. */
const families = () =>
  (/--kxt-font-family:\s*([^;]+);/.exec(fontsCss)?.[1] ?? '')
    .split(',')
    .map((family) => family.trim().replace(/^"|"$/g, ''));

describe('one font stack', () => {
  it('is sans-serif in both languages: system UI fonts, the Chinese UI fonts, and sans-serif last', () => {
    const stack = families();
    for (const family of ['system-ui', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC']) {
      expect(stack).toContain(family);
    }
    expect(stack.at(-1)).toBe('sans-serif');
    expect(stack.some((family) => /serif/i.test(family) && family !== 'sans-serif')).toBe(false);
  });

  it('is what the body, antd and the signing page use', () => {
    expect(fontsCss).toMatch(/body\s*{\s*font-family:\s*var\(--kxt-font-family\);/);
    expect(APP_THEME.token?.fontFamily).toBe('var(--kxt-font-family)');
    expect(globalCss).toMatch(/@import ["']\.\.\/fonts\.css["'];/);
    expect(signCss).toMatch(/@import ["']\.\.\/fonts\.css["'];/);
    expect(signCss).toContain('--adm-font-family: var(--kxt-font-family);');
  });
});
