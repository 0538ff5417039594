/** When the orphan file sweep runs (`FILE_SWEEP_MINUTES`, `FILE_SWEEP_GRACE_MINUTES`). */
export interface FileSweepConfig {
  /** Minutes between sweeps after the one at start-up; 0 sweeps at start-up only. */
  intervalMinutes: number;
  /** Bytes younger than this are never removed: a write in progress is between its bytes and its row. */
  graceMinutes: number;
}

export const DEFAULT_FILE_SWEEP: FileSweepConfig = { intervalMinutes: 30, graceMinutes: 15 };
