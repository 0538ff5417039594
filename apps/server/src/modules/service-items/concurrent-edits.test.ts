import { describe, expect, it } from 'vitest';
import { auditChain, expectUnbrokenChain } from '../../test/audit-chain.ts';
import { useRaceFixture } from '../../test/race-fixture.ts';

// Edits sent at once, as two staff members (or one double click) do. On PostgreSQL under READ COMMITTED these
// reproduce lost "from" values and a broken date invariant unless the row is read under a lock.
const race = useRaceFixture({
  staff: { username: 'ops', role: 'admin' },
  customerName: '并发编辑有限公司',
  serviceName: '德国VAT 注册及申报',
  itemPrefix: 'RACE',
});

const patch = (id: number, payload: Record<string, unknown>) =>
  race.staff.request({ method: 'PATCH', url: `/api/admin/service-items/${id}`, payload });

const itemRow = (id: number) =>
  race.t.ctx.db.selectFrom('service_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const auditOf = (id: number) =>
  auditChain(race.t.ctx.db, { type: 'service_item', id, action: 'service-item.update' });

describe('concurrent service item edits', () => {
  it('keep the audit chain: each row starts from where the previous one ended', async () => {
    const id = await race.newItem();
    const edits = 30;
    const responses = await Promise.all(
      Array.from({ length: edits }, (_, index) => patch(id, { remark: `edit ${index}` })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(edits).fill(200));

    const states = await auditOf(id);
    expect(states).toHaveLength(edits);
    expect(states[0]?.from).toEqual({ status: 2, startDate: '2026-01-01', endDate: null, remark: null });
    expectUnbrokenChain(states);
    const row = await itemRow(id);
    expect(states.at(-1)?.to).toEqual({
      status: row.status,
      startDate: row.start_date,
      endDate: row.end_date,
      remark: row.remark,
    });
  });

  it('keep the end on or after the start: of two edits that clash, one succeeds and the other is a 400', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await race.newItem();
      expect((await patch(id, { startDate: '2026-01-01', endDate: '2026-12-31' })).statusCode).toBe(200);
      // Each is fine against the stored row; together they would leave the end before the start.
      const [later, earlier] = await Promise.all([
        patch(id, { startDate: '2026-10-01' }),
        patch(id, { endDate: '2026-06-01' }),
      ]);
      const statuses = [later.statusCode, earlier.statusCode].sort();
      expect(statuses, `round ${round}`).toEqual([200, 400]);
      const refused = later.statusCode === 400 ? later : earlier;
      expect(refused.json().fields).toHaveProperty('endDate');
      const row = await itemRow(id);
      expect(row.end_date && row.start_date && row.end_date >= row.start_date, `round ${round}`).toBe(true);
      // Only the edit that happened is audited.
      expect(await auditOf(id)).toHaveLength(2);
    }
  });
});
