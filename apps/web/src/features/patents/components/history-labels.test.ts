import { PATENT_AUDIT_ACTIONS } from '@kxt/contracts/patents';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enUS from '../../../locales/en-US.json';
import zhCN from '../../../locales/zh-CN.json';
import { historyActionLabel, historyActorLabel, historyChangeText } from './history-labels.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
  });
});

describe('an order history in words', () => {
  it('labels every action an order can record, in both languages', () => {
    for (const language of ['zh-CN', 'en-US']) {
      const t = i18n.getFixedT(language);
      for (const action of PATENT_AUDIT_ACTIONS) {
        const label = historyActionLabel(`patent.${action}`, t);
        expect(label, `${language} ${action}`).not.toMatch(/patent\.|^[a-z]+[A-Z]/);
        expect(label.length, `${language} ${action}`).toBeGreaterThan(1);
      }
    }
    expect(historyActionLabel('patent.demoSeed', i18n.getFixedT('zh-CN'))).toBe('演示数据');
    expect(historyActionLabel('patent.submitMaterials', i18n.getFixedT('en-US'))).toBe('Materials submitted');
  });

  it('shows an action it does not know as recorded', () => {
    expect(historyActionLabel('patent.somethingNew', i18n.getFixedT('zh-CN'))).toBe('patent.somethingNew');
  });

  it('names machine actors and keeps accounts as they are', () => {
    const t = i18n.getFixedT('zh-CN');
    expect(historyActorLabel('system', t)).toBe('系统');
    expect(historyActorLabel('payment-provider:sandbox', i18n.getFixedT('en-US'))).toBe('Payment provider');
    expect(historyActorLabel('reviewer', t)).toBe('reviewer');
    expect(historyActorLabel(null, t)).toBe('-');
  });

  it('shows a status change in words, never "- → -"', () => {
    expect(historyChangeText('2', '3', 'zh-CN')).toBe('资料审核中 → 递交中');
    expect(historyChangeText('-1', '2', 'en-US')).toBe('Materials rejected → Materials in review');
    expect(historyChangeText(null, '1', 'zh-CN')).toBe('待上传资料');
    expect(historyChangeText(null, null, 'zh-CN')).toBe('');
    expect(historyChangeText('2026-06-01', '2026-07-01', 'zh-CN')).toBe('2026-06-01 → 2026-07-01');
  });
});
