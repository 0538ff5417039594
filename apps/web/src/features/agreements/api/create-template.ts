import type { AgreementTemplate, NewAgreementTemplate } from '@kxt/contracts/agreements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, uploadFile } from '../../../components/api/api-client.ts';
import { templatesQueryKey } from './list-templates.ts';

/** Uploads one page image (`POST /api/files?purpose=agreement-page`) and answers its file id. */
export async function uploadTemplatePage(file: Blob, onProgress: (percent: number) => void) {
  const [stored] = await uploadFile(file, { purpose: 'agreement-page', onProgress });
  if (!stored) throw new Error('the upload answered no file');
  return stored.id;
}

/** Uploads an agreement PDF (`POST /api/files?purpose=agreement-source`) and answers its file id. */
export async function uploadTemplatePdf(file: Blob) {
  const [stored] = await uploadFile(file, { purpose: 'agreement-source' });
  if (!stored) throw new Error('the upload answered no file');
  return stored.id;
}

/** POST /api/admin/agreement-templates (admins): a new version from pages uploaded first. */
export function createTemplate(body: NewAgreementTemplate) {
  return api.post<AgreementTemplate>('/api/admin/agreement-templates', body);
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}
