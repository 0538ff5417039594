import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoPicturePng, letterPdf, zipOf } from '../apps/server/src/modules/patents/demo-files.ts';
import { checkSurely, clickUntilShown, useE2E } from './harness.ts';

const e2e = useE2E();

const PORTAL_LIST = '/api/patent/services';
const ADMIN_LIST = '/api/admin/patents';

const logIn = (pathname: string, username: string) =>
  e2e.logIn(pathname, username, { viewport: { width: 1600, height: 1000 } });

function listAnswer(page: Page, path: string) {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === path && response.request().method() === 'GET',
  );
}

/** Searches the list for one service code and returns its row. */
async function findRow(page: Page, listPath: string, serviceCode: string): Promise<Locator> {
  const input = page.getByPlaceholder(/订单号\/服务编号/);
  const answered = listAnswer(page, listPath);
  // The same search again asks nothing new: refresh instead.
  if ((await input.inputValue()) === serviceCode) await page.getByRole('button', { name: '刷新' }).click();
  else {
    await input.fill(serviceCode);
    await page.getByRole('button', { name: /查\s?询/ }).click();
  }
  await answered;
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: serviceCode }).first();
  await row.waitFor();
  return row;
}

/**
 * The customer's list after a submit. The list puts the search it keeps from earlier today back into its address
 * (`?…`, replacing the entry), which may happen before the wait starts.
 */
const BACK_ON_THE_LIST = /\/trademark\/patent(\?.*)?$/;

function dialog(page: Page, title: string): Locator {
  return page.locator('.ant-modal').filter({ hasText: title }).last();
}

async function pickDate(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

async function submitDialog(page: Page, scope: Locator, apiPath: RegExp) {
  const posted = page.waitForResponse(
    (response) => apiPath.test(new URL(response.url()).pathname) && response.request().method() === 'POST',
  );
  await scope.getByRole('button', { name: /^提\s?交$/ }).click();
  expect((await posted).status()).toBe(200);
}

describe('patent registration, customer and reviewer', () => {
  it('materials, rejection, re-upload, approval, filing receipt, OA, reply package and its acceptance', async () => {
    const customer = await logIn('/trademark/patent', 'customer1');
    const errors: string[] = [];
    customer.on('pageerror', (error) => errors.push(error.message));

    // The order waiting for materials.
    await customer.getByRole('tab', { name: /^待上传资料/ }).click();
    const pending = customer
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: '上传资料' })
      .first();
    await pending.waitFor();
    // The service no's cell, found by its column header rather than by position.
    const headers = await customer.locator('.ant-table-thead th').allInnerTexts();
    const serviceCodeColumn = headers.findIndex((title) => title.trim() === '服务编号');
    expect(serviceCodeColumn).toBeGreaterThan(0);
    const serviceCode = (await pending.locator('td').nth(serviceCodeColumn).innerText()).trim();
    expect(serviceCode).toMatch(/^PT-/);
    expect(serviceCode).not.toBe('');
    await pending.getByRole('button', { name: '上传资料' }).click();
    await customer.waitForURL(/\/form\/submit\?id=\d+/);

    // The form: applicant, inventor, product, one series picture (a design patent).
    await customer.getByLabel('中文名称', { exact: true }).fill('深圳示例贸易有限公司');
    await customer.getByLabel('英文名称', { exact: true }).fill('Shenzhen Example Trading Co., Ltd.');
    await customer.getByLabel('中文地址', { exact: true }).fill('深圳市南山区科技园1号');
    await customer.getByLabel('英文地址', { exact: true }).fill('1 Science Park, Nanshan, Shenzhen');
    await customer.getByLabel('统一社会信用代码/注册号', { exact: true }).fill('91440300MA5EXAMPLE');
    await customer.getByLabel('发明人1中文名', { exact: true }).fill('李明');
    await customer.getByLabel('发明人1英文名', { exact: true }).fill('Li Ming');
    await customer.getByLabel('产品中文名称', { exact: true }).fill('蓝牙音箱');
    await customer.getByLabel('产品英文名称', { exact: true }).fill('Bluetooth speaker');
    await customer.getByLabel('产品分类', { exact: true }).fill('14-01');
    const uploaded = customer.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/files',
    );
    await customer
      .locator('.ant-upload input[type="file"][accept*="image"]')
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: demoPicturePng() });
    expect((await uploaded).status()).toBe(200);
    await customer.getByLabel('图片1视图名称', { exact: true }).fill('主视图');
    const submitted = customer.waitForResponse(
      (response) =>
        /\/materials$/.test(new URL(response.url()).pathname) && response.request().method() === 'POST',
    );
    await customer.getByRole('button', { name: /^提\s?交$/ }).click();
    expect((await submitted).status()).toBe(200);
    await customer.waitForURL(BACK_ON_THE_LIST);

    // The reviewer rejects the materials with a reason.
    const reviewer = await logIn('/admin/patents', 'reviewer');
    // The reviewer lands on the queue (待处理); this flow searches every order.
    await reviewer.getByRole('tab', { name: '全部订单' }).click();
    let row = await findRow(reviewer, ADMIN_LIST, serviceCode);
    await row.getByRole('button', { name: '审核资料' }).click();
    let review = dialog(reviewer, '审核资料');
    await checkSurely(review.getByRole('radio', { name: '驳回' }));
    await review.getByLabel('原因', { exact: true }).fill('主视图不清晰，请重新拍摄');
    await submitDialog(reviewer, review, /\/materials-review$/);

    // The customer reads the reason and uploads again; the earlier data is kept.
    await customer.reload();
    row = await findRow(customer, PORTAL_LIST, serviceCode);
    await row.getByRole('button', { name: '查看驳回原因' }).click();
    await dialog(customer, '驳回原因').getByText('主视图不清晰，请重新拍摄').waitFor();
    await customer.keyboard.press('Escape');
    await row.getByRole('button', { name: '重新上传资料' }).click();
    await customer.waitForURL(/\/form\/submit\?id=\d+/);
    await customer.getByText('主视图不清晰，请重新拍摄').waitFor();
    expect(await customer.getByLabel('中文名称', { exact: true }).inputValue()).toBe('深圳示例贸易有限公司');
    await customer.getByLabel('图片1视图名称', { exact: true }).fill('主视图（新）');
    const resubmitted = customer.waitForResponse(
      (response) =>
        /\/materials$/.test(new URL(response.url()).pathname) && response.request().method() === 'POST',
    );
    await customer.getByRole('button', { name: /^提\s?交$/ }).click();
    expect((await resubmitted).status()).toBe(200);
    await customer.waitForURL(BACK_ON_THE_LIST);

    // The reviewer approves and enters the filing receipt.
    await reviewer.reload();
    row = await findRow(reviewer, ADMIN_LIST, serviceCode);
    await row.getByRole('button', { name: '审核资料' }).click();
    review = dialog(reviewer, '审核资料');
    await checkSurely(review.getByRole('radio', { name: '通过' }));
    await submitDialog(reviewer, review, /\/materials-review$/);
    row = await findRow(reviewer, ADMIN_LIST, serviceCode);
    await row.getByRole('button', { name: '录入受理回执' }).click();
    const receipt = dialog(reviewer, '录入受理回执');
    await receipt.getByLabel('受理号', { exact: true }).fill('GB2026000123');
    await receipt.getByLabel('代理律师', { exact: true }).fill('John Smith');
    await pickDate(receipt, '回执日期', '2026-11-20');
    const pdf = Buffer.from(await letterPdf('Filing receipt', ['GB2026000123']));
    await receipt
      .locator('input[type="file"]')
      .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: pdf });
    await receipt.getByText('receipt.pdf').waitFor();
    await submitDialog(reviewer, receipt, /\/filing-receipt$/);

    // The customer opens the receipt inside the page.
    await customer.reload();
    row = await findRow(customer, PORTAL_LIST, serviceCode);
    await row.getByRole('button', { name: '查看受理回执' }).click();
    const viewer = dialog(customer, '受理回执');
    await viewer.getByText('receipt.pdf').waitFor();
    await clickUntilShown(
      viewer.getByRole('button', { name: /查\s?看/ }),
      customer.locator('iframe[title="receipt.pdf"]'),
    );
    await customer.keyboard.press('Escape');
    await customer.keyboard.press('Escape');

    // An office action, the customer's reply package, its acceptance.
    await reviewer.reload();
    row = await findRow(reviewer, ADMIN_LIST, serviceCode);
    await row.getByRole('button', { name: '录入OA' }).click();
    const oa = dialog(reviewer, '录入OA信息');
    await checkSurely(oa.getByRole('radio', { name: '是' }));
    await pickDate(oa, '发文日期', '2026-12-01');
    await pickDate(oa, '答复截止日', '2027-02-01');
    await oa
      .locator('input[type="file"]')
      .setInputFiles({ name: 'oa.pdf', mimeType: 'application/pdf', buffer: pdf });
    await oa.getByText('oa.pdf').waitFor();
    await submitDialog(reviewer, oa, /\/office-action$/);

    await customer.reload();
    row = await findRow(customer, PORTAL_LIST, serviceCode);
    await row.getByRole('button', { name: '上传答复包' }).click();
    const reply = dialog(customer, '上传答复包');
    await reply.locator('input[type="file"]').setInputFiles({
      name: 'reply.zip',
      mimeType: 'application/zip',
      buffer: zipOf({ 'reply.txt': 'Our reply' }),
    });
    await reply.getByText('reply.zip').waitFor();
    await submitDialog(customer, reply, /\/reply-package$/);
    await customer.getByText('提交成功！').first().waitFor();

    await reviewer.reload();
    row = await findRow(reviewer, ADMIN_LIST, serviceCode);
    await row.getByRole('button', { name: '审核答复包' }).click();
    const replyReview = dialog(reviewer, '审核答复包');
    await checkSurely(replyReview.getByRole('radio', { name: '通过' }));
    await submitDialog(reviewer, replyReview, /\/reply-review$/);
    row = await findRow(reviewer, ADMIN_LIST, serviceCode);
    await row.getByText('答复已递交').waitFor();

    expect(errors).toEqual([]);
  });
});
