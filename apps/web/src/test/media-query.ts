/**
 * A still MediaQueryList for jsdom, which has no matchMedia: `matches` is fixed and no change is ever reported.
 * The test setup answers every query with `false`; a test of a layout can answer by window width.
 */
export function stillMediaQuery(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

/** Whether a `(min-width: …px)` / `(max-width: …px)` query holds for a window `width` pixels wide. */
export function matchesWidth(query: string, width: number): boolean {
  const min = Number(/min-width:\s*([\d.]+)px/.exec(query)?.[1] ?? 0);
  const max = Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY);
  return width >= min && width <= max;
}
