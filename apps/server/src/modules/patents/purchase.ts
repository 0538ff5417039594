import type { PatentType } from '@kxt/contracts/patents';
import { PATENT_STATUS } from '@kxt/contracts/patents';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/audit.ts';
import { onServiceOpened, onServiceRefunded, type ServiceOpenedListener } from '../payments/kinds.ts';
import { ordersOpenedBy, refundOrdersPaidBy } from './refunds.ts';

/** The catalogue's patent category (`categoryIdTopId` 4). */
const PATENT_CATEGORY = 4;

/** The catalogue names a patent service by its kind; designs (外观) unless it says invention or utility model. */
export function patentTypeOf(serviceName: string): PatentType {
  if (serviceName.includes('发明')) return 2;
  if (serviceName.includes('实用新型')) return 3;
  return 1;
}

/**
 * A paid patent service opens the customer's patent order at 待上传资料 (1), under the new service item's code, so
 * it shows in their patent list ready for materials. A market with no patent office entry opens only the item.
 */
export const openPurchasedPatentOrder: ServiceOpenedListener = async (
  trx,
  { product, serviceItem, order, actor },
) => {
  const country = await trx
    .selectFrom('patent_countries')
    .select('id')
    .where('code', '=', product.country)
    .executeTakeFirst();
  if (!country) return;
  const customer = await trx
    .selectFrom('customers')
    .select('name')
    .where('id', '=', order.customer_id)
    .executeTakeFirstOrThrow();
  const at = nowIso();
  const created = await trx
    .insertInto('patent_orders')
    .values({
      service_code: serviceItem.serviceCode,
      service_id: product.id,
      order_no: order.order_no,
      parent_order_no: order.order_no,
      customer_id: order.customer_id,
      country_id: country.id,
      service_name: product.name,
      service_name_en: product.name_en,
      apply_name: 'enterprise',
      apply_title: customer.name,
      patent_type: patentTypeOf(product.name),
      status: PATENT_STATUS.pendingMaterials,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    ...actor,
    action: 'patent.open',
    entityType: 'patent_order',
    entityId: created.id,
    to: PATENT_STATUS.pendingMaterials,
    reason: `payment ${order.order_no}`,
  });
};

onServiceOpened(PATENT_CATEGORY, openPurchasedPatentOrder);
// Finance's refund of the purchase stops the orders it opened, as an admin's refund of each would.
onServiceRefunded(PATENT_CATEGORY, async (trx, { order, actor, reason }) => {
  await refundOrdersPaidBy(trx, order, await ordersOpenedBy(trx, order), actor, reason);
});
