/** Times are stored as UTC ISO-8601 text in both dialects; these keep that in one place. */
export const nowIso = (): string => new Date().toISOString();
export const isoAfter = (ms: number, from: Date = new Date()): string =>
  new Date(from.getTime() + ms).toISOString();
export const isoBefore = (ms: number, from: Date = new Date()): string =>
  new Date(from.getTime() - ms).toISOString();

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
