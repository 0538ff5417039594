import type { Insertable } from 'kysely';
import type { PatentOrdersTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { multipart, SAMPLE_FILES } from '../../test/multipart.ts';
import type { TestApp, TestClient } from '../../test/test-app.ts';
import { zipOf as zipEntries } from './demo-files.ts';

let sequence = 0;

/** The company of a customer user. */
export async function companyOf(t: TestApp, username: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('users')
    .select('customer_id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.customer_id as number;
}

/** An order made by hand in the given state, so each test knows exactly what is there. */
export async function patentOrder(
  t: TestApp,
  customerId: number,
  values: Partial<Insertable<PatentOrdersTable>> = {},
): Promise<number> {
  sequence += 1;
  const at = values.created_at ?? new Date(Date.UTC(2026, 0, 1) + sequence * 60_000).toISOString();
  const row = await t.ctx.db
    .insertInto('patent_orders')
    .values({
      service_code: `PT-TEST-${sequence}`,
      service_id: 1,
      order_no: `ORD-TEST-${sequence}`,
      parent_order_no: `P-TEST-${sequence}`,
      customer_id: customerId,
      country_id: 44,
      service_name: '外观专利注册',
      apply_name: 'enterprise',
      apply_title: '测试申请人',
      patent_type: 1,
      status: 1,
      created_at: at,
      updated_at: nowIso(),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const statusOf = async (t: TestApp, id: number) =>
  (await t.ctx.db.selectFrom('patent_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

export const auditCount = async (t: TestApp, id: number) =>
  (
    await t.ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity_type', '=', 'patent_order')
      .where('entity_id', '=', String(id))
      .execute()
  ).length;

export async function upload(
  client: TestClient,
  purpose: string,
  content: Buffer = SAMPLE_FILES.pdf,
  filename = 'receipt.pdf',
): Promise<string> {
  const response = await client.request({
    method: 'POST',
    url: `/api/files?purpose=${purpose}`,
    ...multipart([{ name: 'file', filename, content }]),
  });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return response.json().data[0].url as string;
}

export const attached = (url: string, name = 'receipt.pdf') => [{ name, url }];

/** A real zip holding one small file. */
export const zipOf = (name: string, text: string) => zipEntries({ [name]: text });

/** Complete materials for a design patent, referencing the customer's own uploads. */
export function designMaterials(pictureUrl: string, drawingUrl: string) {
  return {
    applicant: {
      kind: 'company',
      nameCn: '深圳测试科技有限公司',
      nameEn: 'Shenzhen Test Tech Co., Ltd.',
      addressCn: '深圳市南山区科技园 1 号',
      addressEn: '1 Science Park, Nanshan, Shenzhen',
      idNumber: '91440300MA5TEST01',
    },
    inventors: [{ nameCn: '王明', nameEn: 'Wang Ming' }],
    productNameInfo: {
      productNameCN: '蓝牙音箱',
      productNameEN: 'Bluetooth speaker',
      productClassify: '14-01',
    },
    productSeriesInfo: { pictureInfoList: [{ url: pictureUrl, alias: '主视图' }] },
    drawings: [{ name: 'front.pdf', url: drawingUrl }],
    specification: [],
  };
}
