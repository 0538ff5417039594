import type { Role } from '@kxt/contracts/roles';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createUser } from '../users/service.ts';
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

/** Fills an empty database with the demo accounts and each module's demo records. */
export async function seedDemo(db: Kysely<DB>, password: string): Promise<readonly DemoAccount[]> {
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
  const demoCompanies = await db.selectFrom('customers').select('id').orderBy('id').execute();
  await seedServiceLists(db, {
    customers: 60,
    serviceItems: 300,
    declarations: 1000,
    ownerUserIds: [ids.get('consultant'), ids.get('admin')].filter((id): id is number => id !== undefined),
    existingCustomerIds: demoCompanies.map((company) => company.id),
  });
  return DEMO_ACCOUNTS;
}
