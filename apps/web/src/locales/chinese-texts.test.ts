import { describe, expect, it } from 'vitest';
import { addChineseTexts } from './chinese-texts.ts';
import { i18n } from './i18n.ts';

describe('Chinese texts in parts', () => {
  it('merges a part into the texts already there, and i18n reads it at once', () => {
    addChineseTexts({ testGroup: { first: { label: '一' } } });
    addChineseTexts({ testGroup: { second: { label: '二' } } });
    const t = i18n.getFixedT('zh-CN') as (key: string) => string;
    expect(t('testGroup.first.label')).toBe('一');
    expect(t('testGroup.second.label')).toBe('二');
  });
});
