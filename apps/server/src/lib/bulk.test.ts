import { BULK_LIMIT } from '@kxt/contracts/bulk';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../http-error.ts';
import { applyToEach, type BulkSource, bulkRows } from './bulk.ts';

interface Row {
  id: number;
  name: string;
  color: string;
}
const TABLE: Row[] = [
  { id: 1, name: 'one', color: 'red' },
  { id: 2, name: 'two', color: 'blue' },
  { id: 3, name: 'three', color: 'red' },
];
const filters = z.object({ color: z.enum(['red', 'blue']).optional() });
type Filters = z.infer<typeof filters>;

/** A list of rows as a module's export would read it: by filters or by ids. */
function source(table: Row[] = TABLE): BulkSource<Filters, Row> {
  const pick = (query: Filters | undefined, ids: number[] | undefined) =>
    table.filter((row) => (ids ? ids.includes(row.id) : !query?.color || row.color === query.color));
  return {
    filters,
    count: async (query, ids) => pick(query, ids).length,
    async *batches(query, ids) {
      yield pick(query, ids);
    },
    describe: (row) => ({ id: row.id, label: row.name }),
  };
}
const silent = { error: () => undefined };

describe('bulkRows', () => {
  it('names the selected rows once each, as the list names them', async () => {
    expect(await bulkRows(source(), { ids: [3, 1, 3] })).toEqual([
      { id: 1, label: 'one' },
      { id: 3, label: 'three' },
    ]);
  });

  it('refuses a selection naming a row that does not exist (404), before anything is changed', async () => {
    await expect(bulkRows(source(), { ids: [1, 99] })).rejects.toMatchObject({
      status: 404,
      messageKey: 'bulk.unknownRows',
    });
  });

  it('takes every row the filter matches when the count is the one the user confirmed', async () => {
    const rows = await bulkRows(source(), { filters: { color: 'red' }, expectedTotal: 2 });
    expect(rows.map((row) => row.id)).toEqual([1, 3]);
  });

  it('refuses when the filter now matches another number of rows (409 with the count now)', async () => {
    await expect(bulkRows(source(), { filters: { color: 'red' }, expectedTotal: 3 })).rejects.toMatchObject({
      status: 409,
      messageKey: 'bulk.selectionChanged',
      params: { total: 2 },
    });
  });

  it('refuses filters the list does not take (400)', async () => {
    await expect(bulkRows(source(), { filters: { color: 'green' }, expectedTotal: 1 })).rejects.toMatchObject(
      {
        status: 400,
        messageKey: 'bulk.badFilters',
      },
    );
  });

  it('refuses a filter matching more rows than one bulk action may change (400)', async () => {
    const many = Array.from({ length: BULK_LIMIT + 1 }, (_, index) => ({
      id: index + 1,
      name: `row ${index}`,
      color: 'red',
    }));
    await expect(bulkRows(source(many), { filters: {}, expectedTotal: BULK_LIMIT })).rejects.toMatchObject({
      status: 400,
      messageKey: 'bulk.tooMany',
      params: { total: BULK_LIMIT + 1 },
    });
  });
});

describe('applyToEach', () => {
  const rows = TABLE.map((row) => ({ id: row.id, label: row.name }));

  it('goes on past a refused row and says how many rows of each outcome, and why each refused one failed', async () => {
    const summary = await applyToEach(
      rows,
      async (row) => {
        if (row.id === 2) throw new HttpError(409, 'agreement.alreadyRevoked');
        return row.id === 3 ? 'unchanged' : 'done';
      },
      { locale: 'zh-CN', log: silent },
    );
    expect(summary).toEqual({
      done: 1,
      unchanged: 1,
      failed: 1,
      rows: [
        { id: 1, label: 'one', result: 'done' },
        { id: 2, label: 'two', result: 'failed', msg: '该签署链接已作废' },
        { id: 3, label: 'three', result: 'unchanged' },
      ],
    });
  });

  it('reports an unexpected error as that row failing, in the caller language, without its text', async () => {
    const summary = await applyToEach(
      rows.slice(0, 1),
      async () => {
        throw new Error('connection reset: secret detail');
      },
      { locale: 'en-US', log: silent },
    );
    expect(summary.failed).toBe(1);
    expect(summary.rows[0]?.msg).toMatch(/could not be processed/);
    expect(summary.rows[0]?.msg).not.toMatch(/secret/);
  });
});
