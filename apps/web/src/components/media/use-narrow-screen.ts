import { useMediaQuery } from '../../components/media/use-media-query.ts';

/** Below this width (antd's `md` breakpoint) the layouts fold their navigation away: a phone held upright. */
export const NARROW_QUERY = '(max-width: 767.98px)';

/** Whether the window is phone-narrow, following resizes. */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_QUERY);
}
