import { describe, expect, it } from 'vitest';
import { utcDate } from '../../lib/list.ts';
import { auditChain, expectUnbrokenChain } from '../../test/audit-chain.ts';
import { listFixtures } from '../../test/fixtures.ts';
import { useRaceFixture } from '../../test/race-fixture.ts';

// Edits sent at once. On PostgreSQL under READ COMMITTED these reproduce stale audit "from" values and a service
// item summary computed without the other edit, unless the rows are read under a lock.
const race = useRaceFixture({
  staff: { username: 'taxer', role: 'finance' },
  customerName: '并发申报有限公司',
  itemPrefix: 'TAXRACE',
});

const patch = (id: number, payload: Record<string, unknown>) =>
  race.staff.request({ method: 'PATCH', url: `/api/admin/tax-declarations/${id}`, payload });

describe('concurrent tax declaration edits', () => {
  it('keep the audit chain: each row starts from where the previous one ended', async () => {
    const id = await listFixtures(race.t.ctx.db).declaration(await race.newItem(), -5);
    const edits = 20;
    const responses = await Promise.all(
      Array.from({ length: edits }, (_, index) => patch(id, { amount: 1000 + index })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(edits).fill(200));
    const audit = await auditChain(race.t.ctx.db, { type: 'tax_declaration', id });
    expect(audit).toHaveLength(edits);
    expect(audit[0]?.from).toMatchObject({ status: 'pending', amount: 12_300 });
    expectUnbrokenChain(audit);
    const row = await race.t.ctx.db
      .selectFrom('tax_declarations')
      .select('amount')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(audit.at(-1)?.to).toMatchObject({ amount: Number(row.amount) });
  });

  it("keep the service item's overdue summary true when two of its declarations are declared at once", async () => {
    for (let round = 0; round < 5; round += 1) {
      const itemId = await race.newItem();
      const fixtures = listFixtures(race.t.ctx.db);
      const declarations = [await fixtures.declaration(itemId, -40), await fixtures.declaration(itemId, -20)];
      const declared = { status: 'declared', declaredDate: utcDate(-1), declaredBy: 'us' };
      const responses = await Promise.all(declarations.map((id) => patch(id, declared)));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
      const item = await race.t.ctx.db
        .selectFrom('service_items')
        .select(['oldest_open_due_date', 'latest_declared_by_us'])
        .where('id', '=', itemId)
        .executeTakeFirstOrThrow();
      // Nothing is pending any more, so nothing is overdue.
      expect(item, `round ${round}`).toEqual({ oldest_open_due_date: null, latest_declared_by_us: 1 });
    }
  });
});
