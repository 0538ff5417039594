import { describe, expect, it } from 'vitest';
import enUS from '../locales/sign.en-US.json';
import zhCN from '../locales/sign.zh-CN.json';
import { translate } from './i18n.tsx';

describe('the signing page messages', () => {
  it('have the same keys and {{placeholders}} in zh-CN and en-US, none empty', () => {
    expect(Object.keys(enUS).sort()).toEqual(Object.keys(zhCN).sort());
    const placeholders = (text: string) => text.match(/{{\s*\w+\s*}}/g)?.sort() ?? [];
    for (const [key, zh] of Object.entries(zhCN)) {
      const en = enUS[key as keyof typeof enUS];
      expect(zh.trim(), key).toBeTruthy();
      expect(en.trim(), key).toBeTruthy();
      expect(placeholders(en), key).toEqual(placeholders(zh));
    }
  });

  it('fills placeholders', () => {
    expect(translate('zh-CN', 'pageAlt', { page: 2 })).toBe('协议第 2 页');
    expect(translate('en-US', 'agree', { name: 'VAT服务协议' })).toBe(
      'I have read and agree to the VAT服务协议',
    );
  });
});
