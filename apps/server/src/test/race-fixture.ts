import type { Role } from '@kxt/contracts/roles';
import { afterAll, beforeAll } from 'vitest';
import { listFixtures } from './fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from './test-app.ts';

/** One app for a file of concurrent-edit tests: a staff member sending the edits and a customer's service to edit. */
export interface RaceFixture {
  t: TestApp;
  staff: TestClient;
  /** A new service item of the fixture's customer and service, so each test races on rows of its own. */
  newItem(): Promise<number>;
}

/**
 * Builds the fixture once for the file (the tests only add rows) and closes it after. Read its fields inside tests:
 * they are filled when the file's tests start.
 */
export function useRaceFixture(options: {
  staff: { username: string; role: Role };
  customerName: string;
  serviceName?: string;
  itemPrefix: string;
}): RaceFixture {
  const fixture = {} as RaceFixture;
  beforeAll(async () => {
    const t = await createTestApp();
    const fixtures = listFixtures(t.ctx.db);
    const customerId = await fixtures.customer(options.customerName);
    const serviceId = await fixtures.service(options.serviceName);
    let items = 0;
    Object.assign(fixture, {
      t,
      staff: await t.loggedIn(options.staff.username, options.staff.role),
      newItem: () => {
        items += 1;
        return fixtures.item(`${options.itemPrefix}${items}`, customerId, serviceId);
      },
    });
  });
  afterAll(() => fixture.t.close());
  return fixture;
}
