import { z } from 'zod';

const KB = 1024;
const MB = 1024 * KB;

/**
 * What each upload is for decides which content types it accepts (detected from the bytes, never the name)
 * and how large it may be. Client and server read the same table.
 */
export const FILE_PURPOSES = {
  /** PDFs staff attach to orders: receipts, certificates, OA letters. */
  document: { mimeTypes: ['application/pdf'], maxBytes: 20 * MB, staffOnly: false },
  /** Pictures: product series pictures, mark images. */
  image: { mimeTypes: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 5 * MB, staffOnly: false },
  /** Registration materials: drawings, specifications. */
  materials: {
    mimeTypes: ['application/pdf', 'image/png', 'image/jpeg', 'application/zip'],
    maxBytes: 20 * MB,
    staffOnly: false,
  },
  /** OA reply packages (spec §5: zip or rar, at most 5120 KB). */
  'reply-package': {
    mimeTypes: ['application/zip', 'application/x-rar-compressed', 'application/vnd.rar'],
    maxBytes: 5120 * KB,
    staffOnly: false,
  },
  /** Bank transfer vouchers (spec §5: jpg, jpeg, png or pdf, at most 10 MB). */
  voucher: { mimeTypes: ['image/jpeg', 'image/png', 'application/pdf'], maxBytes: 10 * MB, staffOnly: false },
  /** Agreement template pages, uploaded by staff. */
  'agreement-page': { mimeTypes: ['image/png', 'image/jpeg'], maxBytes: 10 * MB, staffOnly: true },
  /** An agreement template as a PDF, uploaded by staff; the server renders its pages to images. */
  'agreement-source': { mimeTypes: ['application/pdf'], maxBytes: 20 * MB, staffOnly: true },
  /** Hand signatures from the public signing page (`POST /api/kxt/upload`); staff-only through `/api/files`. */
  signature: { mimeTypes: ['image/png', 'image/jpeg'], maxBytes: 2 * MB, staffOnly: true },
} as const satisfies Record<string, { mimeTypes: readonly string[]; maxBytes: number; staffOnly: boolean }>;

export type FilePurpose = keyof typeof FILE_PURPOSES;
export const filePurposeSchema = z.enum(Object.keys(FILE_PURPOSES) as [FilePurpose, ...FilePurpose[]]);

export const storedFile = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});
export type StoredFile = z.infer<typeof storedFile>;

/** Upload answers are a list whose first item carries the url, as the spec's upload calls expect. */
export const uploadResponse = z.array(storedFile);
