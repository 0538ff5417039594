import type { Insertable, Kysely } from 'kysely';
import type { DB, TaxDeclarationsTable } from '../db/schema.ts';
import { utcDate } from '../lib/list.ts';
import { nowIso } from '../lib/time.ts';
import { refreshDeclarationSummary } from '../modules/service-items/repository.ts';

/** Rows made by hand for list tests, so each assertion knows exactly what is there. */
export function listFixtures(db: Kysely<DB>) {
  const at = nowIso();
  return {
    async customer(name: string, flags: { isArrears?: boolean; suspend?: boolean; createdAt?: string } = {}) {
      const row = await db
        .insertInto('customers')
        .values({
          name,
          contact_name: '联系人',
          phone: '13800000000',
          email: 'c@example.cn',
          country: 'CN',
          is_arrears: flags.isArrears ? 1 : 0,
          suspend: flags.suspend ? 1 : 0,
          created_at: flags.createdAt ?? at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async service(
      name = 'VAT 注册及申报',
      options: { type?: 'basic' | 'increment'; categoryId?: number; country?: string } = {},
    ) {
      const row = await db
        .insertInto('services')
        .values({
          name,
          name_en: `${name} (en)`,
          type_code: options.type ?? 'basic',
          category_id: options.categoryId ?? 1,
          country: options.country ?? 'DE',
          price: 480_000,
          currency: 'CNY',
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async item(
      code: string,
      customerId: number,
      serviceId: number,
      options: { status?: number; country?: string; createdAt?: string } = {},
    ) {
      const service = await db
        .selectFrom('services')
        .selectAll()
        .where('id', '=', serviceId)
        .executeTakeFirstOrThrow();
      const row = await db
        .insertInto('service_items')
        .values({
          service_code: code,
          customer_id: customerId,
          service_id: serviceId,
          type_code: service.type_code,
          category_id: service.category_id,
          country: options.country ?? service.country,
          status: options.status ?? 2,
          start_date: '2026-01-01',
          end_date: null,
          remark: null,
          created_at: options.createdAt ?? at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** A declaration due `dueInDays` from today (negative: past due). */
    async declaration(
      serviceItemId: number,
      dueInDays: number,
      declared?: { by: 'us' | 'other'; date?: string },
      extra: Partial<Insertable<TaxDeclarationsTable>> = {},
    ) {
      const dueDate = utcDate(dueInDays);
      const row = await db
        .insertInto('tax_declarations')
        .values({
          service_item_id: serviceItemId,
          country: 'DE',
          tax_period: `${dueDate.slice(0, 4)}-Q1`,
          due_date: dueDate,
          declared_date: declared ? (declared.date ?? dueDate) : null,
          declared_by: declared?.by ?? null,
          amount: 12_300,
          currency: 'EUR',
          status: declared ? 'declared' : 'pending',
          created_at: at,
          updated_at: at,
          ...extra,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await refreshDeclarationSummary(db, [serviceItemId]);
      return row.id;
    },
  };
}
