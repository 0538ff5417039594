import { type Insertable, type Kysely, sql } from 'kysely';
import { databaseKindOf } from '../../db/columns.ts';
import type { CustomersTable, DB, ServiceItemsTable, TaxDeclarationsTable } from '../../db/schema.ts';
import { utcDate } from '../../lib/list.ts';
import { type SeededRandom, seededRandom } from '../../lib/random.ts';
import { nowIso } from '../../lib/time.ts';
import { refreshDeclarationSummary } from '../service-items/repository.ts';
import { DEMO_CATALOGUE } from './catalogue.ts';

export interface ServiceListsSeed {
  customers: number;
  serviceItems: number;
  declarations: number;
  /** Staff who own customer accounts. */
  ownerUserIds: number[];
  /** Existing companies (the demo customers' own) that get services too. */
  existingCustomerIds?: number[];
  /**
   * PostgreSQL: VACUUM after the load (a bulk load outside any transaction, as the benches seed). The summary rewrites
   * every item, leaving as many dead rows as live ones, which only VACUUM clears (and only it lets counts read an
   * index alone); autovacuum may be off or come later.
   */
  vacuum?: boolean;
  seed?: number;
  today?: string;
}

const CITIES = [
  '深圳市',
  '广州市',
  '杭州市',
  '义乌市',
  '厦门市',
  '宁波市',
  '东莞市',
  '上海',
  '苏州市',
  '佛山市',
  '福州市',
  '中山市',
];
const CORES = [
  '星辰',
  '海岳',
  '云帆',
  '优品',
  '启航',
  '锦程',
  '恒通',
  '易达',
  '博远',
  '华兴',
  '卓越',
  '乐享',
  '宏图',
  '天成',
  '汇丰',
  '鼎盛',
  '新锐',
  '万象',
  '蓝海',
  '捷迅',
];
const TRADES = [
  '跨境电商',
  '贸易',
  '电子科技',
  '家居用品',
  '服饰',
  '供应链',
  '网络科技',
  '进出口',
  '实业',
  '智能科技',
];
const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '洋',
  '勇',
  '艳',
  '杰',
  '婷',
  '强',
  '军',
  '霞',
  '平',
  '刚',
];
const DECLARING_CATEGORIES = new Set([1, 2]);
const CHUNK = 400;

async function insertChunked<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
) {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const inserted = await db
      .insertInto(table)
      // biome-ignore lint/suspicious/noExplicitAny: Kysely cannot narrow a generic table's insert type.
      .values(rows.slice(start, start + CHUNK) as any)
      // biome-ignore lint/suspicious/noExplicitAny: every table inserted here has an integer id.
      .returning('id' as any)
      .execute();
    ids.push(...inserted.map((row) => Number((row as { id: number }).id)));
  }
  return ids;
}

function companyName(random: SeededRandom, index: number) {
  const base = `${random.pick(CITIES)}${random.pick(CORES)}${random.pick(TRADES)}有限公司`;
  return index < 400 ? base.replace('有限公司', `${index % 7 === 0 ? '股份' : ''}有限公司`) : base;
}

function addDays(date: string, days: number) {
  return utcDate(days, new Date(`${date}T00:00:00Z`));
}

/**
 * Customers, catalogue, service items and tax declarations that show every badge, overdue level and status. The
 * same numbers give the same data on every machine; the benchmark uses it at 100,000 service items.
 */
export async function seedServiceLists(db: Kysely<DB>, options: ServiceListsSeed) {
  const random = seededRandom(options.seed ?? 20261121);
  const today = options.today ?? utcDate();
  const at = nowIso();

  const serviceIds = await insertChunked(
    db,
    'services',
    DEMO_CATALOGUE.map((service) => ({
      name: service.name,
      name_en: service.nameEn,
      type_code: service.type,
      category_id: service.categoryId,
      country: service.country,
      price: service.price,
      currency: 'CNY',
      created_at: at,
    })),
  );

  const usedNames = new Set<string>();
  const customers: Insertable<CustomersTable>[] = [];
  for (let index = 0; customers.length < options.customers; index += 1) {
    let name = companyName(random, index);
    if (usedNames.has(name)) name = name.replace('有限公司', `${customers.length + 1}号有限公司`);
    if (usedNames.has(name)) continue;
    usedNames.add(name);
    const contact = `${random.pick(SURNAMES)}${random.pick(GIVEN)}${random.chance(0.5) ? random.pick(GIVEN) : ''}`;
    const createdAt = new Date(
      Date.parse(`${today}T00:00:00Z`) - random.int(1, 900) * 86_400_000 - random.int(0, 86_399_000),
    );
    const mark = customers.length % 12;
    customers.push({
      name,
      contact_name: contact,
      phone: `1${random.pick(['35', '38', '39', '50', '58', '86', '89'])}${String(random.int(0, 99_999_999)).padStart(8, '0')}`,
      email: `${['info', 'sales', 'ops', 'service'][customers.length % 4]}${customers.length + 1}@example.cn`,
      country: 'CN',
      owner_user_id: options.ownerUserIds.length > 0 ? random.pick(options.ownerUserIds) : null,
      // Every badge appears: some in arrears, some suspended, a few both.
      is_arrears: mark === 1 || mark === 5 || mark === 9 ? 1 : 0,
      suspend: mark === 5 || mark === 7 ? 1 : 0,
      created_at: createdAt.toISOString(),
      updated_at: createdAt.toISOString(),
    });
  }
  const customerIds = [
    ...(options.existingCustomerIds ?? []),
    ...(await insertChunked(db, 'customers', customers)),
  ];

  const items: Insertable<ServiceItemsTable>[] = [];
  const itemKeys: { categoryId: number; country: string; started: boolean }[] = [];
  let previous: { customerId: number; serviceIndex: number } | undefined;
  for (let index = 0; index < options.serviceItems; index += 1) {
    // The demo customers' companies come first so each has several services; some services repeat (重).
    const repeat = previous && random.chance(0.08);
    const customerId =
      repeat && previous
        ? previous.customerId
        : (customerIds[index % Math.max(1, Math.min(customerIds.length, index + 1))] ?? 0);
    const serviceIndex =
      repeat && previous ? previous.serviceIndex : random.int(0, DEMO_CATALOGUE.length - 1);
    previous = { customerId, serviceIndex };
    const service = DEMO_CATALOGUE[serviceIndex];
    const serviceId = serviceIds[serviceIndex];
    if (!service || serviceId === undefined) continue;
    const startOffset = random.int(-720, 30);
    const start = addDays(today, startOffset);
    const status = startOffset > 0 ? 1 : random.pick([2, 2, 2, 2, 2, 3, 4, 5]);
    const createdAt = new Date(
      Date.parse(`${start}T08:00:00Z`) - random.int(1, 20) * 86_400_000 + index,
    ).toISOString();
    const code = `${['VAT', 'EPR', 'TM', 'PT', 'CO', 'PC'][service.categoryId - 1]}${service.country}${start.slice(2, 7).replace('-', '')}${String(index + 1).padStart(6, '0')}`;
    items.push({
      service_code: code,
      customer_id: customerId,
      service_id: serviceId,
      type_code: service.type,
      category_id: service.categoryId,
      country: service.country,
      status,
      start_date: start,
      end_date:
        status === 4 || status === 5
          ? addDays(start, 365)
          : random.chance(0.6)
            ? addDays(start, 365 * random.int(1, 3))
            : null,
      remark: random.chance(0.15)
        ? random.pick(['客户要求加急', '资料已齐', '等待客户授权', '需核对税号'])
        : null,
      created_at: createdAt,
      updated_at: createdAt,
    });
    itemKeys.push({ categoryId: service.categoryId, country: service.country, started: status !== 1 });
  }
  const itemIds = await insertChunked(db, 'service_items', items);

  const declaringItems = itemIds
    .map((id, index) => ({ id, ...(itemKeys[index] as (typeof itemKeys)[number]) }))
    .filter((item) => item.started && DECLARING_CATEGORIES.has(item.categoryId));
  const declarations: Insertable<TaxDeclarationsTable>[] = [];
  // The latest period of an item is open: due in the future, or overdue by a spread of days (all three levels).
  const openOffsets = [20, 45, -5, -12, -20, -28, -40, -75, 10, 60];
  for (let round = 0; declarations.length < options.declarations && declaringItems.length > 0; round += 1) {
    for (const [position, item] of declaringItems.entries()) {
      if (declarations.length >= options.declarations) break;
      const isOpen = round === 0;
      const dueDate = isOpen
        ? addDays(today, openOffsets[position % openOffsets.length] ?? 30)
        : addDays(today, -90 * round + random.int(-5, 5));
      const quarter = Math.floor((Number(dueDate.slice(5, 7)) - 1) / 3) + 1;
      const declaredBy = random.chance(0.7) ? 'us' : 'other';
      declarations.push({
        service_item_id: item.id,
        country: item.country,
        tax_period: `${dueDate.slice(0, 4)}-Q${quarter}`,
        due_date: dueDate,
        declared_date: isOpen ? null : addDays(dueDate, -random.int(0, 10)),
        declared_by: isOpen ? null : declaredBy,
        amount: random.int(0, 500_000) * 10,
        currency: item.country === 'GB' ? 'GBP' : 'EUR',
        status: isOpen ? 'pending' : 'declared',
        created_at: at,
        updated_at: at,
      });
    }
  }
  await insertChunked(db, 'tax_declarations', declarations);
  // PostgreSQL plans with statistics autovacuum gathers later: right after a bulk load it plans as for empty tables,
  // both the summary below (a correlated subquery per item) and the lists (measured at 100,000 items: 251 requests/s
  // at most and p95 198 ms, against 525 and 44 ms once analysed).
  const analyze = async () => {
    if (databaseKindOf(db) === 'postgres')
      await sql`analyze customers, service_items, tax_declarations`.execute(db);
  };
  await analyze();
  await refreshDeclarationSummary(db);
  if (databaseKindOf(db) === 'postgres' && options.vacuum)
    await sql`vacuum analyze customers, service_items, tax_declarations, customer_name_grams`.execute(db);
  else await analyze();
  return { customers: customerIds.length, serviceItems: itemIds.length, declarations: declarations.length };
}
