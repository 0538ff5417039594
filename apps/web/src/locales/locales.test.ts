import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';

/** Every key path of a nested messages object, with its value. */
function entries(messages: object, prefix = ''): [string, unknown][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? entries(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

describe('locale files', () => {
  it('have the same keys in zh-CN and en-US', () => {
    const zhKeys = entries(zhCN).map(([key]) => key);
    const enKeys = entries(enUS).map(([key]) => key);
    expect(enKeys.sort()).toEqual(zhKeys.sort());
  });

  it('have no empty messages, and the same {{placeholders}} in both languages', () => {
    const en = new Map(entries(enUS));
    for (const [key, zh] of entries(zhCN)) {
      expect(typeof zh === 'string' && zh.trim(), key).toBeTruthy();
      const placeholders = (text: unknown) =>
        String(text)
          .match(/{{\s*\w+\s*}}/g)
          ?.sort() ?? [];
      expect(placeholders(en.get(key)), key).toEqual(placeholders(zh));
    }
  });
});
