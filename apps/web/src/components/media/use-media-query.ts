import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query holds, following changes (a resize, a system setting switched). A query of its own
 * rather than antd's `Grid.useBreakpoint`, which would bring the grid's code to every portal page's first load.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The visitor asked their system for less motion (WCAG 2.3.3): dialogs, drawers and menus then appear at once. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
