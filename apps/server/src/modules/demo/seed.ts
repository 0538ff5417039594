import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Role } from '@kxt/contracts/roles';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { seedDemoAgreements } from '../agreements/demo.ts';
import { syncDeadlines } from '../deadlines/sync.ts';
import type { FileStorage } from '../files/storage.ts';
import { DEFAULT_REMINDER_DAYS } from '../notifications/config.ts';
import { demoPatentCustomers, seedDemoPatents } from '../patents/demo.ts';
import { seedDemoMarks } from '../trademarks/demo-marks.ts';
import { importReferenceData } from '../trademarks/reference-data.ts';
import { createUser } from '../users/service.ts';
import { DEMO_DELIVERY, seedDemoWatches } from '../watches/demo.ts';
import { DEMO_SEARCH_PACKS } from './catalogue.ts';
import { seedServiceLists } from './service-lists.ts';

export interface DemoAccount {
  username: string;
  role: Role;
  displayName: string;
  customerName?: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'admin', role: 'admin', displayName: '系统管理员' },
  { username: 'reviewer', role: 'reviewer', displayName: '审核专员' },
  { username: 'finance', role: 'finance', displayName: '财务专员' },
  { username: 'consultant', role: 'consultant', displayName: '商标顾问' },
  {
    username: 'customer1',
    role: 'customer',
    displayName: '张伟',
    customerName: '深圳市星辰跨境电商有限公司',
  },
  { username: 'customer2', role: 'customer', displayName: '李娜', customerName: '杭州海岳贸易有限公司' },
];

export async function isDatabaseEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !row;
}

export interface DemoSeedOptions {
  /** Synthetic trademarks to load (the demo has 200,000; tests use fewer). */
  marks?: number;
  /** Nice class reference data, loaded when the folder exists (the repository's ../shared/data/nice). */
  referenceDir?: string;
  /** Where demo files go (agreement pages, a signature); without it the demo has no agreements. */
  storage?: FileStorage;
}

export const DEMO_REFERENCE_DIR = fileURLToPath(
  new URL('../../../../../../shared/data/nice', import.meta.url),
);
const DEMO_CONSULTANT_CONTACT = {
  phone: '13800138000',
  wechat_code: 'https://u.wechat.com/kxt-demo-consultant',
};

/** Fills an empty database with the demo accounts and each module's demo records. */
export async function seedDemo(
  db: Kysely<DB>,
  password: string,
  options: DemoSeedOptions = {},
): Promise<readonly DemoAccount[]> {
  const ids = new Map<string, number>();
  for (const account of DEMO_ACCOUNTS) {
    ids.set(
      account.username,
      await createUser(db, {
        username: account.username,
        password,
        role: account.role,
        displayName: account.displayName,
        customerName: account.customerName,
      }),
    );
  }
  const consultantId = ids.get('consultant');
  if (consultantId !== undefined) {
    await db.updateTable('users').set(DEMO_CONSULTANT_CONTACT).where('id', '=', consultantId).execute();
    await db.updateTable('customers').set({ owner_user_id: consultantId }).execute();
  }
  const demoCompanies = await db.selectFrom('customers').select('id').orderBy('id').execute();
  await seedServiceLists(db, {
    customers: 60,
    serviceItems: 300,
    declarations: 1000,
    ownerUserIds: [ids.get('consultant'), ids.get('admin')].filter((id): id is number => id !== undefined),
    existingCustomerIds: demoCompanies.map((company) => company.id),
  });
  await seedPayments(db);
  // The watch demo's delivery brings the last few marks, so the README's total holds.
  await seedDemoMarks(db, (options.marks ?? 200_000) - DEMO_DELIVERY.length);
  const referenceDir = options.referenceDir ?? DEMO_REFERENCE_DIR;
  if (existsSync(referenceDir)) await importReferenceData(db, referenceDir);
  const adminUserId = ids.get('admin');
  const customer1 = await db
    .selectFrom('users')
    .select('customer_id')
    .where('username', '=', 'customer1')
    .executeTakeFirst();
  if (options.storage && adminUserId !== undefined && customer1?.customer_id) {
    await seedDemoAgreements(
      { db, storage: options.storage },
      { adminUserId, customerId: customer1.customer_id },
    );
  }
  const customer1UserId = ids.get('customer1');
  if (customer1?.customer_id && customer1UserId !== undefined) {
    await seedDemoWatches(db, { customerId: customer1.customer_id, userId: customer1UserId });
  }
  const reviewerUserId = ids.get('reviewer');
  if (options.storage && reviewerUserId !== undefined) {
    await seedDemoPatents(
      { db, storage: options.storage },
      { reviewerUserId, customers: await demoPatentCustomers(db, ['customer1', 'customer2']) },
    );
  }
  // The calendar and the customers' homes show the seeded OA deadlines, renewals, links and fees at once.
  await syncDeadlines(db, {}, new Date(), DEFAULT_REMINDER_DAYS);
  return DEMO_ACCOUNTS;
}

/** Search packs to buy, and the two bank account sets (spec §6): customer1 sees onlineType 1's, customer2 the other. */
async function seedPayments(db: Kysely<DB>) {
  const at = new Date().toISOString();
  await db
    .insertInto('services')
    .values(
      DEMO_SEARCH_PACKS.map((pack) => ({
        name: pack.name,
        name_en: pack.nameEn,
        type_code: pack.type,
        category_id: pack.categoryId,
        country: pack.country,
        price: pack.price,
        currency: 'CNY',
        grants_searches: pack.grantsSearches,
        created_at: at,
      })),
    )
    .execute();
  // Watch time: bought from a watch (one mark, one country or region, one year), never on the purchase page.
  await db
    .insertInto('services')
    .values({
      name: '商标监控（每标每国家/地区一年）',
      name_en: 'Trademark watch, one mark and one country or region, one year',
      type_code: 'increment',
      category_id: 3,
      country: 'CN',
      price: 98_000,
      currency: 'CNY',
      watch_region_years: 1,
      created_at: at,
    })
    .execute();
  await db.updateTable('users').set({ online_type: 1 }).where('username', '=', 'customer1').execute();
  await db.updateTable('users').set({ online_type: 0 }).where('username', '=', 'customer2').execute();
}
