import type { NewServiceItem } from '@kxt/contracts/service-items';
import { api } from '../../../components/api/api-client.ts';

/** POST /api/admin/service-items: opens the service for the customer; answers the new item's id and code. */
export function openService(body: NewServiceItem) {
  return api.post<{ id: number; serviceCode: string }>('/api/admin/service-items', body, { silent: true });
}
