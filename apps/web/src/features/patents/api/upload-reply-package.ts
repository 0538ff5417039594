import { sendFile } from '../../../components/api/api-client.ts';

/**
 * POST /api/patent/services/:id/reply-package (multipart `file`) with upload progress; the order moves to 6.
 * Silent: the dialog shows the server's message itself.
 */
export function uploadReplyPackage(
  id: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ answerDataUrl: string; status: number }> {
  return sendFile(`/api/patent/services/${id}/reply-package`, file, { onProgress, silent: true });
}
