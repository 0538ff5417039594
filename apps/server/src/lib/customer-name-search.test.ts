import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFixtures } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { characterPairs, customerIdsNamedLike } from './customer-name-search.ts';

let t: TestApp;
const ids = { star: 0, starLate: 0, acme: 0, percent: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const f = listFixtures(t.ctx.db);
  ids.star = await f.customer('深圳星辰贸易有限公司');
  ids.starLate = await f.customer('辰星科技');
  ids.acme = await f.customer('ACME Trading GmbH');
  ids.percent = await f.customer('100%纯棉');
});
afterAll(async () => {
  await t.close();
});

const named = async (keyword: string) =>
  (
    await t.ctx.db
      .selectFrom('customers')
      .select('id')
      .where('id', 'in', customerIdsNamedLike(keyword))
      .orderBy('id')
      .execute()
  ).map((row) => row.id);

describe('customer name search by pairs of characters', () => {
  it('splits a keyword into its distinct lower-cased pairs', () => {
    expect(characterPairs('AbAb')).toEqual(['ab', 'ba']);
    expect(characterPairs('星辰')).toEqual(['星辰']);
    expect(characterPairs('星')).toEqual([]);
    expect(characterPairs('𠮷野家')).toEqual(['𠮷野', '野家']);
  });

  it('finds names holding the keyword in order, whatever its case, not names with its characters elsewhere', async () => {
    expect(await named('星辰')).toEqual([ids.star]);
    expect(await named('辰星')).toEqual([ids.starLate]);
    expect(await named('acme trad')).toEqual([ids.acme]);
    expect(await named('星')).toEqual([ids.star, ids.starLate]);
    expect(await named('0%纯')).toEqual([ids.percent]);
    expect(await named('00%纯')).toEqual([ids.percent]);
    expect(await named('星辰科技')).toEqual([]);
  });

  it('follows a renamed customer and forgets a deleted one', async () => {
    await t.ctx.db
      .updateTable('customers')
      .set({ name: '北斗星辰科技' })
      .where('id', '=', ids.starLate)
      .execute();
    expect(await named('星辰科技')).toEqual([ids.starLate]);
    expect(await named('辰星')).toEqual([]);
    await t.ctx.db.deleteFrom('customers').where('id', '=', ids.acme).execute();
    const left = await t.ctx.db
      .selectFrom('customer_name_grams')
      .select('gram')
      .where('customer_id', '=', ids.acme)
      .execute();
    expect(left).toEqual([]);
  });
});
