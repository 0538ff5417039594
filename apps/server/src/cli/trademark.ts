import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import type { AppContext } from '../context.ts';
import { syntheticMarks } from '../modules/trademarks/demo-marks.ts';
import { type ImportReport, importJsonLines } from '../modules/trademarks/import-jsonl.ts';
import { importUsptoXml } from '../modules/trademarks/import-uspto.ts';
import { importReferenceData } from '../modules/trademarks/reference-data.ts';
import { CliUsageError } from './errors.ts';

const USAGE = `Usage:
  npm run cli -- trademark import FILE [--format jsonl|uspto-xml]   (format from the extension when omitted)
  npm run cli -- trademark generate --count N [--seed S] [--out FILE] (JSON Lines; stdout without --out)
  npm run cli -- trademark reference-import --dir DIR                (e.g. ../shared/data/nice)`;

function describe(report: ImportReport, file: string) {
  const lines = [`Imported ${report.imported} marks from ${file}; ${report.failed} records refused.`];
  for (const problem of report.problems.slice(0, 50))
    lines.push(`  line ${problem.line}: ${problem.message}`);
  if (report.problems.length > 50 || report.failed > report.problems.length) {
    lines.push(`  … and ${report.failed - Math.min(50, report.problems.length)} more`);
  }
  return lines.join('\n');
}

export async function trademarkCommand(ctx: AppContext, args: string[]): Promise<string> {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      format: { type: 'string' },
      count: { type: 'string' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
      dir: { type: 'string' },
    },
  });
  if (action === 'import') {
    const file = positionals[0];
    if (!file) throw new CliUsageError(USAGE);
    const format = values.format ?? (file.toLowerCase().endsWith('.xml') ? 'uspto-xml' : 'jsonl');
    if (format !== 'jsonl' && format !== 'uspto-xml')
      throw new CliUsageError(`Unknown format ${format}.\n${USAGE}`);
    const input = createReadStream(file);
    const report =
      format === 'jsonl' ? await importJsonLines(ctx.db, input) : await importUsptoXml(ctx.db, input);
    return describe(report, file);
  }
  if (action === 'generate') {
    const count = Number(values.count);
    const seed = Number(values.seed);
    if (!Number.isInteger(count) || count < 1 || count > 5_000_000 || !Number.isInteger(seed)) {
      throw new CliUsageError(
        `--count must be a whole number from 1 to 5,000,000 and --seed a whole number.\n${USAGE}`,
      );
    }
    const out = values.out ? createWriteStream(values.out) : process.stdout;
    for (const record of syntheticMarks(count, seed)) {
      if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
    }
    if (values.out) {
      out.end();
      await once(out, 'finish');
      return `Wrote ${count} marks to ${values.out}.`;
    }
    return '';
  }
  if (action === 'reference-import') {
    if (!values.dir) throw new CliUsageError(USAGE);
    const report = await importReferenceData(ctx.db, values.dir);
    const missing = report.missing.length > 0 ? ` Not found: ${report.missing.join(', ')}.` : '';
    return `Loaded ${report.classes} classes, ${report.usptoAssociations} USPTO and ${report.cnipaAssociations} CNIPA class associations.${missing}`;
  }
  throw new CliUsageError(USAGE);
}
