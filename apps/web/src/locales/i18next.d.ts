import 'i18next';
import type zhCN from './zh-CN.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // zh-CN is the reference language: every key used in code must exist there (en-US is checked against it).
    resources: { translation: typeof zhCN };
  }
}
