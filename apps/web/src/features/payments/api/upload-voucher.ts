import { uploadFile } from '../../../components/api/api-client.ts';

/** Uploads a transfer voucher (`POST /api/files?purpose=voucher`) and answers its url (the first item's). */
export async function uploadVoucher(file: Blob, signal?: AbortSignal): Promise<string> {
  const [stored] = await uploadFile(file, { purpose: 'voucher', silent: true, signal });
  if (!stored) throw new Error('the upload answered no file');
  return stored.url;
}
