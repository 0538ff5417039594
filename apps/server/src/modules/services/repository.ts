import { SERVICE_CATEGORIES } from '@kxt/contracts/business';
import type { ServiceListQuery, ServiceRow } from '@kxt/contracts/service-catalogue';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { containsText, countTabs, pageOffset } from '../../lib/list.ts';
import type { Locale } from '../../locales/translate.ts';

const CATEGORY_TABS = SERVICE_CATEGORIES.map((category) => ({
  status: String(category.id),
  condition: sql<SqlBool>`services.category_id = ${category.id}`,
}));

export async function listServices(db: Kysely<DB>, query: ServiceListQuery, locale: Locale) {
  const nameColumn = locale === 'en-US' ? 'services.name_en' : 'services.name';
  const base = db.selectFrom('services').where((eb) => {
    // Watch time is sold from a watch, not opened as a service item.
    const conditions: Expression<SqlBool>[] = [
      eb('services.active', '=', 1),
      eb('services.watch_region_years', 'is', null),
    ];
    if (query.keyword)
      conditions.push(
        eb.or([
          containsText('services.name', query.keyword),
          containsText('services.name_en', query.keyword),
        ]),
      );
    if (query.typeIdTopCode) conditions.push(eb('services.type_code', '=', query.typeIdTopCode));
    if (query.country) conditions.push(eb('services.country', '=', query.country));
    return eb.and(conditions);
  });
  const counts = await countTabs(base, CATEGORY_TABS);
  const sortColumn = { name: nameColumn, price: 'services.price', country: 'services.country' }[query.sort];
  const direction = query.order === 'ascend' ? 'asc' : 'desc';
  const rows = await (query.categoryIdTopId
    ? base.where('services.category_id', '=', query.categoryIdTopId)
    : base
  )
    .select([
      'services.id',
      'services.name',
      'services.name_en',
      'services.type_code',
      'services.category_id',
      'services.country',
      'services.price',
      'services.currency',
    ])
    .orderBy(sql.ref(sortColumn), direction)
    .orderBy('services.id', direction)
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNum, query.pageSize))
    .execute();
  const page: ServiceRow[] = rows.map((row) => ({
    id: row.id,
    name: locale === 'en-US' ? row.name_en : row.name,
    typeIdTopCode: row.type_code,
    categoryIdTopId: row.category_id,
    country: row.country,
    price: Number(row.price),
    currency: row.currency,
  }));
  return {
    rows: page,
    counts,
    total: counts.get(query.categoryIdTopId ? String(query.categoryIdTopId) : 'all') ?? 0,
  };
}

/** The customer and country behind the service code 去新服务 came from. */
export async function serviceSource(db: Kysely<DB>, serviceCode: string) {
  const row = await db
    .selectFrom('service_items')
    .innerJoin('customers', 'customers.id', 'service_items.customer_id')
    .select([
      'service_items.service_code',
      'service_items.customer_id',
      'customers.name',
      'service_items.country',
    ])
    .where('service_items.service_code', '=', serviceCode)
    .executeTakeFirst();
  return row
    ? {
        serviceCode: row.service_code,
        customerId: row.customer_id,
        customerName: row.name,
        country: row.country,
      }
    : null;
}
