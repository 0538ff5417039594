import { useSyncExternalStore } from 'react';

/** Below this width (antd's `md` breakpoint) the layouts fold their navigation away: a phone held upright. */
export const NARROW_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(NARROW_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * Whether the window is phone-narrow, following resizes. A media query of its own rather than antd's
 * `Grid.useBreakpoint`, which would bring the grid's code to every portal page's first load.
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}
