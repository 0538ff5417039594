/** Success envelopes: `code` equals the HTTP status, as every caller of the API expects. */
export const ok = <T>(data: T, msg = 'OK') => ({ code: 200, msg, data });
export const okList = <T, E extends object = object>(rows: T[], total: number, extra?: E) => ({
  code: 200,
  msg: 'OK',
  rows,
  total,
  ...(extra as E),
});
