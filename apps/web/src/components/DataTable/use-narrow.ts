import { Grid } from 'antd';

/**
 * A phone-wide screen (below antd's md breakpoint), where a table of many columns cannot show a row: pinned columns
 * would cover it, so tables scroll as a whole, and lists that can show each row as a card do. Narrow is a breakpoint
 * below md matching, not md failing to, so a browser that reports no breakpoints gets the wide layout.
 */
export function useNarrowScreen(): boolean {
  const screens = Grid.useBreakpoint();
  return Boolean(screens.xs || (screens.sm && !screens.md));
}
