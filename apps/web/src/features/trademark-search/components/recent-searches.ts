import { useCallback, useState } from 'react';

const STORAGE_KEY = 'kxt.trademarkSearch.recent';
/** Spec §9: up to 15 recent searches, kept locally. */
export const MAX_RECENT_SEARCHES = 15;

export function readRecentSearches(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string').slice(0, MAX_RECENT_SEARCHES)
      : [];
  } catch {
    return [];
  }
}

function write(list: string[]) {
  try {
    if (list.length) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or disabled: the list lives for this page only.
  }
}

/** The newest first, without repeats, at most 15. */
export function addRecentSearch(list: readonly string[], text: string): string[] {
  const value = text.trim();
  if (!value) return [...list];
  return [value, ...list.filter((item) => item !== value)].slice(0, MAX_RECENT_SEARCHES);
}

/** Recent searches kept in localStorage: add one, remove one, clear all. */
export function useRecentSearches() {
  const [list, setList] = useState(readRecentSearches);
  const update = useCallback((change: (current: string[]) => string[]) => {
    setList((current) => {
      const next = change(current);
      write(next);
      return next;
    });
  }, []);
  return {
    list,
    add: useCallback((text: string) => update((current) => addRecentSearch(current, text)), [update]),
    remove: useCallback(
      (text: string) => update((current) => current.filter((item) => item !== text)),
      [update],
    ),
    clear: useCallback(() => update(() => []), [update]),
  };
}
