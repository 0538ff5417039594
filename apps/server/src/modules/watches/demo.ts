import { Readable } from 'node:stream';
import { WATCH_TRIAL_DAYS } from '@kxt/contracts/trademark-watches';
import type { TrademarkImportRecord } from '@kxt/contracts/trademarks';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DAY, isoAfter, isoBefore, nowIso } from '../../lib/time.ts';
import { importJsonLines } from '../trademarks/import-jsonl.ts';
import { matchWatches } from './matching.ts';

/** What the demo watches for customer1's company, and the marks a demo delivery brings that conflict with it. */
export const DEMO_WATCH = { text: 'STARLUME', countries: 'US,EM,CN', classes: '9,11' };

function demoMark(
  name: string,
  dataset: string,
  niceClass: number,
  extra: Partial<TrademarkImportRecord> = {},
) {
  const today = nowIso().slice(0, 10);
  return {
    name,
    applicationNumber: `DEMO-WATCH-${dataset}-${name.replace(/\W/g, '')}`,
    applicationDate: today,
    publicationDate: today,
    registrationDate: null,
    niceClass: [niceClass],
    owner: 'Demo Rival Trading Ltd',
    dataset,
    status: 'filed',
    goodsAndServices: { [String(niceClass)]: niceClass === 9 ? 'Smart lighting apps' : 'LED lamps' },
    goodsAndServicesTranslation: null,
    attorney: null,
    imageUrl: null,
    ...extra,
  } satisfies TrademarkImportRecord;
}

/** The demo delivery: three new filings that conflict with the watch where it has effect, one where it has none. */
export const DEMO_DELIVERY = [
  () => demoMark('STARLUMEN', 'US', 9),
  () => demoMark('STAR LUME', 'EM', 11),
  () => demoMark('STARLUMA', 'WO', 9, { designations: ['CN', 'JP'] }),
  // An Australian mark has no effect in the US, the EU or China: no hit.
  () => demoMark('STARLUME', 'AU', 9),
];

/**
 * customer1's company watches STARLUME (its trial) and a second name awaiting payment; then a generated delivery of
 * new filings arrives and is matched as any import batch is, so the watch screens show hits after `npm start`. The
 * delivered marks are flagged generated, like every demo mark.
 */
export async function seedDemoWatches(db: Kysely<DB>, owner: { customerId: number; userId: number }) {
  const at = nowIso();
  const watch = {
    customer_id: owner.customerId,
    created_by: owner.userId,
    threshold: 60,
    created_at: at,
    updated_at: at,
  };
  await db
    .insertInto('trademark_watches')
    .values([
      {
        ...watch,
        ...DEMO_WATCH,
        status: 'trial',
        starts_at: isoBefore(3 * DAY),
        expires_at: isoAfter((WATCH_TRIAL_DAYS - 3) * DAY),
      },
      { ...watch, text: 'NOVAGLOW', countries: 'US', classes: '', status: 'awaiting_payment' },
    ])
    .execute();
  const since = nowIso();
  await importJsonLines(db, Readable.from(DEMO_DELIVERY.map((mark) => `${JSON.stringify(mark())}\n`)));
  await db
    .updateTable('marks')
    .set({ generated: 1 })
    .where('application_number', 'like', 'DEMO-WATCH-%')
    .execute();
  await matchWatches(db, since);
}
