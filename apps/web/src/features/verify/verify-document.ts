import { VERIFY_API } from '@kxt/contracts/seal';
import type { VerifyResult } from '@kxt/contracts/verify';
import { useMutation } from '@tanstack/react-query';
import { sendFile } from '../../components/api/api-client.ts';

/** Uploads a PDF to the public check; errors (not a PDF, too large, too many checks) are shown by the page. */
export function useVerifyDocument() {
  return useMutation({
    mutationFn: (file: File) => sendFile<VerifyResult>(VERIFY_API, file, { silent: true }),
  });
}
