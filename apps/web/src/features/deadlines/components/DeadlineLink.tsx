import type { DeadlineRow } from '@kxt/contracts/deadlines';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link to a deadline's record; the public signing page is outside the app, so the browser opens it. */
export function DeadlineLink({ row, children }: { row: DeadlineRow; children: ReactNode }) {
  if (row.link.startsWith('/sign')) return <a href={row.link}>{children}</a>;
  return <Link to={row.link}>{children}</Link>;
}
