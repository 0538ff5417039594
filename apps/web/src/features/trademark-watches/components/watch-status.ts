import type { WatchStatus } from '@kxt/contracts/trademark-watches';

/** Tag colours: running watches green or blue, waiting orange, ended grey. */
export const WATCH_STATUS_COLORS: Record<WatchStatus, string> = {
  trial: 'processing',
  awaiting_payment: 'warning',
  active: 'success',
  expired: 'default',
  cancelled: 'default',
};
