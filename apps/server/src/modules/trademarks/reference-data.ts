import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  parseCoordinatedClasses,
  parseSimilarGroupRelations,
} from '@kxt/trademark-engine/class-associations';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';

const classesFile = z.array(
  z
    .object({
      class: z.number().int().min(1).max(45),
      titleZh: z.string().max(50),
      headingZh: z.string().max(5000),
    })
    .loose(),
);

export interface ReferenceImportReport {
  classes: number;
  usptoAssociations: number;
  cnipaAssociations: number;
  missing: string[];
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8'));
}

/**
 * Loads the Nice class reference data of a folder shaped like `shared/data/nice`: class headings, USPTO coordinated
 * classes and CNIPA similar-group cross-class relations. Files that are absent are listed and skipped; the product
 * then falls back to its built-in tables.
 */
export async function importReferenceData(db: Kysely<DB>, dir: string): Promise<ReferenceImportReport> {
  const report: ReferenceImportReport = {
    classes: 0,
    usptoAssociations: 0,
    cnipaAssociations: 0,
    missing: [],
  };
  const file = (name: string) => {
    const full = path.join(dir, name);
    if (existsSync(full)) return full;
    report.missing.push(name);
    return undefined;
  };
  const classes = file('classes.zh.json');
  const coordinated = file('coordinated-classes.us.json');
  const similar = file('similar-groups.zh.json');

  await db.transaction().execute(async (trx) => {
    if (classes) {
      const rows = classesFile.parse(await readJson(classes));
      await trx.deleteFrom('nice_classes').execute();
      for (const row of rows) {
        await trx
          .insertInto('nice_classes')
          .values({ class: row.class, title_zh: row.titleZh, heading_zh: row.headingZh })
          .execute();
      }
      report.classes = rows.length;
    }
    const associations: { class: number; related_class: number; source: 'uspto' | 'cnipa' }[] = [];
    if (coordinated) {
      for (const [cls, related] of Object.entries(parseCoordinatedClasses(await readJson(coordinated)))) {
        for (const other of related)
          associations.push({ class: Number(cls), related_class: other, source: 'uspto' });
      }
      report.usptoAssociations = associations.length;
    }
    if (similar) {
      for (const [a, b] of parseSimilarGroupRelations(await readJson(similar))) {
        associations.push({ class: a, related_class: b, source: 'cnipa' });
        report.cnipaAssociations += 1;
      }
    }
    if (coordinated || similar) {
      await trx.deleteFrom('class_associations').execute();
      const unique = new Map(
        associations.map((row) => [`${row.class}|${row.related_class}|${row.source}`, row]),
      );
      const rows = [...unique.values()];
      for (let start = 0; start < rows.length; start += 300) {
        await trx
          .insertInto('class_associations')
          .values(rows.slice(start, start + 300))
          .execute();
      }
    }
  });
  return report;
}
