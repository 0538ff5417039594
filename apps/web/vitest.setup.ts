import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import enUS from './src/locales/en-US.json';
import { DEFAULT_LANGUAGE, i18n } from './src/locales/i18n.ts';
import { stillMediaQuery } from './src/test/media-query.ts';
import { ResizeObserverStandIn } from './src/test/resize-observer.ts';
import { keepAntdStylesOutOfTheDocument } from './src/test/without-antd-styles.ts';

// The app loads English when it is chosen; tests switch with i18n.changeLanguage directly, so it is there from the
// start.
i18n.addResourceBundle('en-US', 'translation', enUS);

// Routes load their code lazily; the first import of antd modules in a test file takes a moment, and on a machine
// running two test processes side by side the search page's first results took over 5 s to show (once in two runs).
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the layout APIs antd's responsive grid, Menu overflow and Segmented rely on.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => stillMediaQuery(query, false),
  });
}

if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStandIn,
  });
}

keepAntdStylesOutOfTheDocument();

// jsdom logs "not implemented" for scrolling; nothing here needs real scrolling.
window.scrollTo = () => {};

beforeEach(() => {
  window.localStorage.clear();
  // Forget cookies set by the previous test (the CSRF cookie in particular).
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage(DEFAULT_LANGUAGE);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
