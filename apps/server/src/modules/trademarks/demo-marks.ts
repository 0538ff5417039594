import { markImagePath, type TrademarkImportRecord } from '@kxt/contracts/trademarks';
import { generateMarks } from '@kxt/trademark-engine/generate-marks';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { refreshDatasetSummary, upsertMarks } from './repository.ts';

/** The deterministic synthetic corpus as import records (what `trademark generate` writes). */
export function syntheticMarks(count: number, seed: number): TrademarkImportRecord[] {
  return generateMarks({ count, seed }).map((mark) => ({
    name: mark.name,
    applicationNumber: mark.applicationNumber,
    applicationDate: mark.applicationDate,
    registrationDate: mark.registrationDate,
    niceClass: [...mark.niceClass],
    owner: mark.owner,
    dataset: mark.dataset,
    status: mark.status,
    goodsAndServices: Object.fromEntries(Object.entries(mark.goodsAndServices)),
    goodsAndServicesTranslation: mark.goodsAndServicesTranslation
      ? Object.fromEntries(Object.entries(mark.goodsAndServicesTranslation))
      : null,
    attorney: mark.attorney,
    imageUrl: mark.figurative ? markImagePath(mark.dataset, mark.applicationNumber) : null,
    generated: true,
    designations: [...mark.designations],
  }));
}

/** Loads `count` synthetic marks in one transaction (fast on SQLite) and refreshes the per-market dates. */
export async function seedDemoMarks(db: Kysely<DB>, count: number, seed = 20261121) {
  const records = syntheticMarks(count, seed);
  await db.transaction().execute(async (trx) => {
    await upsertMarks(trx, records);
  });
  await refreshDatasetSummary(db);
  return records.length;
}
