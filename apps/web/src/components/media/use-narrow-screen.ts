import { useMediaQuery } from './use-media-query.ts';

/**
 * Below this width (antd's `md` breakpoint) the layouts fold their navigation away, tables drop their pinned columns
 * and lists that can show each row as a card do: a phone held upright.
 */
export const NARROW_QUERY = '(max-width: 767.98px)';

/** Whether the window is phone-narrow, following resizes. */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_QUERY);
}
