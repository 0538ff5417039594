import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fillKnownEnglish } from '../../db/migrations/0011-bilingual-texts.ts';
import { SAMPLE_FILES } from '../../test/multipart.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { addProduct, decideOnSandboxPage, pay } from '../payments/test-helpers.ts';
import { companyOf, designMaterials, patentOrder, upload } from './test-fixtures.ts';

const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };
const CJK = /[\u3400-\u9fff]/;

let t: TestApp;
let customer: TestClient;
let company: number;
beforeEach(async () => {
  t = await createTestApp();
  customer = await t.loggedIn('cust-lang', 'customer', '宁波双语测试有限公司');
  company = await companyOf(t, 'cust-lang');
});
afterEach(async () => {
  await t.close();
});

async function addRule(values: { title: string; content: string; title_en?: string; content_en?: string }) {
  await t.ctx.db
    .insertInto('patent_additional_rules')
    .values({
      version: 1,
      patent_type: null,
      country_id: null,
      created_at: '2026-01-01T00:00:00.000Z',
      ...values,
    })
    .execute();
}

describe('service names in the reader’s language', () => {
  it('a bought patent service keeps the catalogue’s English name; English readers get it, Chinese readers the Chinese', async () => {
    const product = await addProduct(t, { name: '美国外观专利注册', price: 580_000, categoryId: 4 });
    await t.ctx.db
      .updateTable('services')
      .set({ name_en: 'US design patent registration' })
      .where('id', '=', product)
      .execute();
    const created = await pay(customer, { productId: product, payType: 9, payAmount: 580_000 });
    await decideOnSandboxPage(t, created.json().data.qrCode, 'approve');

    const english = (await customer.get('/api/patent/services', EN)).json().rows[0];
    expect(english.serviceName).toBe('US design patent registration');
    const chinese = (await customer.get('/api/patent/services', ZH)).json().rows[0];
    expect(chinese.serviceName).toBe('美国外观专利注册');
    // What is shown is what is found, in either language.
    const found = await customer.get('/api/patent/services?searchValue=design%20patent', EN);
    expect(found.json().total).toBe(1);
  });

  it('an order without an English name shows the Chinese one rather than nothing', async () => {
    await patentOrder(t, company, { service_name: '外观专利注册' });
    const row = (await customer.get('/api/patent/services', EN)).json().rows[0];
    expect(row.serviceName).toBe('外观专利注册');
  });

  it('the staff’s service list names each service in the reader’s language', async () => {
    const admin = await t.loggedIn('admin-lang', 'admin');
    const product = await addProduct(t, { name: '德国VAT 注册及申报', price: 100, categoryId: 1 });
    await t.ctx.db
      .updateTable('services')
      .set({ name_en: 'Germany VAT registration and filing' })
      .where('id', '=', product)
      .execute();
    await t.ctx.db
      .insertInto('service_items')
      .values({
        service_code: 'SI-LANG-1',
        customer_id: company,
        service_id: product,
        type_code: 'basic',
        category_id: 1,
        country: 'DE',
        status: 1,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const english = (await admin.get('/api/admin/service-items', EN)).json().rows;
    expect(english.map((row: { serviceName: string }) => row.serviceName)).toEqual([
      'Germany VAT registration and filing',
    ]);
    const chinese = (await admin.get('/api/admin/service-items', ZH)).json().rows;
    expect(chinese[0].serviceName).toBe('德国VAT 注册及申报');
  });
});

describe('additional rules in the reader’s language', () => {
  it('the list and the form give English readers the English rule and Chinese readers the Chinese', async () => {
    await addRule({
      title: '资料要求',
      content: '请上传清晰的产品图片。',
      title_en: 'Materials',
      content_en: 'Upload clear pictures.',
    });
    const id = await patentOrder(t, company);
    const form = (await customer.get(`/api/patent/services/${id}/materials`, EN)).json().data;
    expect(form.additionalRulesInfo).toEqual([
      { version: 1, title: 'Materials', content: 'Upload clear pictures.' },
    ]);
    const row = (await customer.get('/api/patent/services', EN)).json().rows[0];
    expect(row.additionalRulesInfo[0].title).toBe('Materials');
    const chinese = (await customer.get(`/api/patent/services/${id}/materials`, ZH)).json().data;
    expect(chinese.additionalRulesInfo[0]).toMatchObject({
      title: '资料要求',
      content: '请上传清晰的产品图片。',
    });
  });

  it('a rule nobody translated reaches English readers in Chinese rather than empty', async () => {
    await addRule({ title: '日本委任状', content: '须提供委任状。' });
    const id = await patentOrder(t, company);
    const form = (await customer.get(`/api/patent/services/${id}/materials`, EN)).json().data;
    expect(form.additionalRulesInfo[0]).toMatchObject({ title: '日本委任状', content: '须提供委任状。' });
  });

  it('the demo’s rules and service names carry English with no Chinese left in it', async () => {
    const { DEMO_RULES, DEMO_SERVICE_NAMES } = await import('./demo-texts.ts');
    for (const text of [
      ...DEMO_RULES.flatMap((rule) => [rule.title.en, rule.content.en]),
      ...Object.values(DEMO_SERVICE_NAMES).map((name) => name.en),
    ]) {
      expect(text).not.toMatch(CJK);
      expect(text.length).toBeGreaterThan(0);
    }
  });
});

describe('rows from before the English columns', () => {
  it('get the English where it is known: the catalogue name of the service bought, the demo’s own texts', async () => {
    const product = await addProduct(t, { name: '日本外观专利注册', price: 100, categoryId: 4 });
    await t.ctx.db
      .updateTable('services')
      .set({ name_en: 'Japan design patent registration' })
      .where('id', '=', product)
      .execute();
    const bought = await patentOrder(t, company, { service_id: product, service_name: '日本外观专利注册' });
    const demo = await patentOrder(t, company, { service_id: 2, service_name: '发明专利注册' });
    const unknown = await patentOrder(t, company, { service_id: 3, service_name: '某种专利服务' });
    const translated = await patentOrder(t, company, {
      service_name: '外观专利注册',
      service_name_en: 'Kept as it was',
    });
    await addRule({ title: '资料要求', content: '请上传清晰的产品图片。' });
    await fillKnownEnglish(t.ctx.db);

    const names = await t.ctx.db
      .selectFrom('patent_orders')
      .select(['id', 'service_name_en'])
      .where('id', 'in', [bought, demo, unknown, translated])
      .execute();
    expect(Object.fromEntries(names.map((row) => [row.id, row.service_name_en]))).toEqual({
      [bought]: 'Japan design patent registration',
      [demo]: 'Invention patent registration',
      [unknown]: '',
      [translated]: 'Kept as it was',
    });
    const rule = await t.ctx.db.selectFrom('patent_additional_rules').selectAll().executeTakeFirstOrThrow();
    expect(rule).toMatchObject({
      title_en: 'Materials requirements',
      content_en: 'Please upload clear product pictures.',
    });
  });
});

describe('the applicant starts from the customer’s company', () => {
  it('offers the company’s name and contact email', async () => {
    await t.ctx.db
      .updateTable('customers')
      .set({ email: 'ip@ningbo.example' })
      .where('id', '=', company)
      .execute();
    const id = await patentOrder(t, company);
    const form = (await customer.get(`/api/patent/services/${id}/materials`)).json().data;
    expect(form.applicantDefaults).toEqual({
      kind: 'company',
      nameCn: '宁波双语测试有限公司',
      contactEmail: 'ip@ningbo.example',
    });
  });

  it('completes it with what the customer last submitted for the same company, never another company’s or customer’s', async () => {
    const picture = await upload(customer, 'image', SAMPLE_FILES.png, 'front.png');
    const drawing = await upload(customer, 'document');
    const earlier = await patentOrder(t, company);
    const materials = designMaterials(picture, drawing);
    materials.applicant.nameCn = '宁波双语测试有限公司';
    const submitted = await customer.post(`/api/patent/services/${earlier}/materials`, {
      type: 1,
      materials,
    });
    expect(submitted.statusCode).toBe(200);
    // Another customer's submission for a company of the same name must not leak into this one's form.
    const other = await t.loggedIn('cust-other', 'customer', '杭州别家有限公司');
    const otherCompany = await companyOf(t, 'cust-other');
    expect(otherCompany).not.toBe(company);
    const otherOrder = await patentOrder(t, otherCompany);
    const otherPicture = await upload(other, 'image', SAMPLE_FILES.png, 'front.png');
    const otherDrawing = await upload(other, 'document');
    const leaked = designMaterials(otherPicture, otherDrawing);
    leaked.applicant.nameCn = '宁波双语测试有限公司';
    leaked.applicant.addressCn = '别家地址';
    await other.post(`/api/patent/services/${otherOrder}/materials`, { type: 1, materials: leaked });

    const id = await patentOrder(t, company);
    const form = (await customer.get(`/api/patent/services/${id}/materials`)).json().data;
    expect(form.materials).toBeNull();
    expect(form.applicantDefaults).toEqual({
      kind: 'company',
      nameCn: '宁波双语测试有限公司',
      nameEn: 'Shenzhen Test Tech Co., Ltd.',
      addressCn: '深圳市南山区科技园 1 号',
      addressEn: '1 Science Park, Nanshan, Shenzhen',
      idNumber: '91440300MA5TEST01',
    });
  });

  it('ignores a submission made for a person or another company', async () => {
    const picture = await upload(customer, 'image', SAMPLE_FILES.png, 'front.png');
    const drawing = await upload(customer, 'document');
    const earlier = await patentOrder(t, company);
    const materials = designMaterials(picture, drawing);
    await customer.post(`/api/patent/services/${earlier}/materials`, { type: 1, materials });
    const id = await patentOrder(t, company);
    const form = (await customer.get(`/api/patent/services/${id}/materials`)).json().data;
    expect(form.applicantDefaults).toEqual({ kind: 'company', nameCn: '宁波双语测试有限公司' });
  });
});

describe('the bank account in the reader’s language', () => {
  it('gives English readers the English note and bank name, Chinese readers the Chinese, the account as the bank knows it', async () => {
    const english = (await customer.get('/api/payments/bank-account', EN)).json().data;
    const chinese = (await customer.get('/api/payments/bank-account', ZH)).json().data;
    // The demo accounts carry no note of their own: the transfer tab asks for the payment reference instead.
    expect(english.bankName).not.toMatch(CJK);
    expect(english.branch).not.toMatch(CJK);
    expect(chinese.bankName).toMatch(CJK);
    expect(chinese.branch).toMatch(CJK);
    expect(english.accountNumber).toBe(chinese.accountNumber);
    expect(english.accountName).toBe(chinese.accountName);
    expect(english).not.toHaveProperty('en');
  });
});
