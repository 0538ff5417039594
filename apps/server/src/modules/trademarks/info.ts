import type { CurrentUser } from '@kxt/contracts/auth';
import type { ConsultantInfo, ProductInfo, RegisterTimes } from '@kxt/contracts/trademarks';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http-error.ts';

/** Per market, the newest date in our data (the screen's "data up to" dates) and whether it is generated. */
export async function registerTimes(db: Kysely<DB>): Promise<RegisterTimes> {
  const rows = await db
    .selectFrom('trademark_datasets')
    .select(['code', 'last_app_date', 'generated_count'])
    .orderBy('code')
    .execute();
  return Object.fromEntries(
    rows.map((row) => [
      row.code,
      { lastAppDate: row.last_app_date, generated: Number(row.generated_count) > 0 },
    ]),
  );
}

/**
 * The consultant a customer talks to: the staff member who owns their company's account, or else the first active
 * consultant. Staff see themselves when they are a consultant.
 */
export async function consultantFor(db: Kysely<DB>, user: CurrentUser): Promise<ConsultantInfo> {
  const base = db
    .selectFrom('users')
    .select(['display_name', 'phone', 'wechat_code'])
    .where('disabled', '=', 0)
    .where('role', '!=', 'customer');
  let row =
    user.role === 'customer' && user.customerId !== null
      ? await base
          .where('id', '=', (eb) =>
            eb.selectFrom('customers').select('owner_user_id').where('customers.id', '=', user.customerId),
          )
          .executeTakeFirst()
      : user.role === 'consultant'
        ? await base.where('id', '=', user.id).executeTakeFirst()
        : undefined;
  row ??= await base.where('role', '=', 'consultant').orderBy('id').executeTakeFirst();
  if (!row) throw new HttpError(404, 'trademark.noConsultant');
  return { nickName: row.display_name, phonenumber: row.phone, wechatCode: row.wechat_code };
}

const productColumns = [
  'id',
  'name',
  'name_en',
  'country',
  'price',
  'currency',
  'type_code',
  'category_id',
] as const;
const TRADEMARK_CATEGORY = 3;

function toProduct(
  row: {
    id: number;
    name: string;
    name_en: string;
    country: string;
    price: number;
    currency: string;
    type_code: string;
    category_id: number;
  },
  english: boolean,
): ProductInfo {
  return {
    id: row.id,
    name: english ? row.name_en : row.name,
    country: row.country,
    price: Number(row.price),
    currency: row.currency,
    typeIdTopCode: row.type_code,
    categoryIdTopId: row.category_id,
  };
}

/** Trademark registration offered per country: what the purchase dialog lists for the searched countries. */
export async function trademarkProductsByCountry(db: Kysely<DB>, english: boolean) {
  const rows = await db
    .selectFrom('services')
    .select([...productColumns])
    .where('category_id', '=', TRADEMARK_CATEGORY)
    .where('type_code', '=', 'basic')
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.country, toProduct(row, english)]));
}

export async function productById(db: Kysely<DB>, id: number, english: boolean): Promise<ProductInfo> {
  const row = await db
    .selectFrom('services')
    .select([...productColumns])
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!row) throw notFound();
  return toProduct(row, english);
}
