/**
 * What the public signing page and the server share about signing, without zod: the page imports only this
 * module at run time, so its bundle stays free of the schema library (its budget is 120 KB). The call schemas
 * are in agreements.ts.
 */

/** Where an agreement is in its life (spec §4): 0 not yet read, 1 read, 2 signed. It only moves 0 → 1 → 2. */
export const AGREEMENT_STATUS = { unread: 0, read: 1, signed: 2 } as const;
export const AGREEMENT_STATUSES = [0, 1, 2] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/** The public signing page. */
export const SIGN_PATH = '/sign';
export const signUrl = (code: string) => `${SIGN_PATH}?code=${encodeURIComponent(code)}`;
export const SIGN_CODE_MAX = 200;

/** The uploaded signature (spec §3: a PNG named signature.png); its type and size rules are the `signature` file purpose. */
export const SIGNATURE_FILE_NAME = 'signature.png';

/**
 * The signing pad (spec §9): the default pen is 4 px wide and #333; the spec's "writing" pen ranges from 10 to 20,
 * that is its thinnest line is half its thickest. signature_pad thins a stroke as the pen speeds up, between
 * `minWidth` and `maxWidth`, so the page draws with the default pen's width when slow and, with the writing pen's
 * 10:20 ratio, half of it when fast: 2–4 CSS px, sharp on high-DPI screens because the canvas is scaled.
 */
export const SIGNATURE_PEN = { color: '#333', width: 4, writingMinLine: 10, writingMaxLine: 20 } as const;
export function padStrokeWidths(pen: typeof SIGNATURE_PEN = SIGNATURE_PEN) {
  return { minWidth: (pen.width * pen.writingMinLine) / pen.writingMaxLine, maxWidth: pen.width };
}
