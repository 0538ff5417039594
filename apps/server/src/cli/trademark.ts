import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import type { AppContext } from '../context.ts';
import { syntheticMarks } from '../modules/trademarks/demo-marks.ts';
import {
  DEFAULT_MAX_REFUSED_PERCENT,
  type FileImportResult,
  importTrademarkFile,
} from '../modules/trademarks/import-batch.ts';
import type { ImportProblem, ImportReport } from '../modules/trademarks/import-sink.ts';
import { IMPORT_FORMATS, type ImportFormat } from '../modules/trademarks/import-source.ts';
import { importReferenceData } from '../modules/trademarks/reference-data.ts';
import { CliUsageError } from './errors.ts';

const USAGE = `Usage:
  npm run cli -- trademark import FILE [--format jsonl|uspto-xml|st66] [--max-refused PERCENT]
      FILE: .xml, .jsonl, .gz or .zip; the format is read from the content when --format is omitted.
      Fails (exit 1) on an unreadable file, no readable record, or more than PERCENT (default ${DEFAULT_MAX_REFUSED_PERCENT}) refused.
  npm run cli -- trademark generate --count N [--seed S] [--out FILE] (JSON Lines; stdout without --out)
  npm run cli -- trademark reference-import --dir DIR                (e.g. ../shared/data/nice)`;

const PROBLEMS_PRINTED = 50;

function where(problem: ImportProblem, file: string) {
  const place = [
    problem.entry ? `${file} → ${problem.entry}` : file,
    problem.record ? `record ${problem.record}` : '',
    problem.line ? `line ${problem.line}` : '',
  ];
  return place.filter(Boolean).join(', ');
}

function describe(
  { report, failure, batchId, formats, watches, watchError }: FileImportResult,
  file: string,
) {
  const counts = [
    `Imported ${report.imported} marks from ${file}`,
    report.deleted ? `${report.deleted} deleted` : '',
    `${report.failed} records refused`,
    report.skipped ? `${report.skipped} skipped (no word element)` : '',
  ];
  const lines = [
    `${counts.filter(Boolean).join('; ')}. Batch ${batchId}${formats.length ? ` (${formats.join(', ')})` : ''}.`,
  ];
  for (const fault of report.faults) lines.push(`  ${where(fault, file)}: ${fault.message}`);
  for (const problem of report.problems.slice(0, PROBLEMS_PRINTED))
    lines.push(`  ${where(problem, file)}: ${problem.message}`);
  if (report.failed > Math.min(PROBLEMS_PRINTED, report.problems.length)) {
    lines.push(`  … and ${report.failed - Math.min(PROBLEMS_PRINTED, report.problems.length)} more`);
  }
  if (watches && watches.watches > 0) {
    lines.push(
      `Trademark watches: ${watches.hits} new hits for ${watches.watches} active watches over ${watches.marks} marks.`,
    );
  }
  if (watchError) lines.push(`Trademark watches could not be matched: ${watchError}`);
  if (failure) lines.unshift(`Import of ${file} failed: ${failure}.`);
  return lines.join('\n');
}

/** A progress line on stderr at most every two seconds: records, rate, refused; `end` closes an overwritten line. */
function progressPrinter() {
  const started = Date.now();
  let printed = started;
  let overwriting = false;
  return {
    show(report: ImportReport) {
      const now = Date.now();
      if (now - printed < 2_000) return;
      printed = now;
      const rate = Math.round(report.imported / ((now - started) / 1000));
      const line = `${report.imported} marks, ${rate}/s, ${report.failed} refused, ${report.deleted} deleted`;
      overwriting = process.stderr.isTTY;
      process.stderr.write(overwriting ? `\r${line}   ` : `${line}\n`);
    },
    end() {
      if (overwriting) process.stderr.write('\n');
    },
  };
}

/** Importing failed: the report is the message and the exit code is 1. */
export class ImportFailedError extends Error {}

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
      'max-refused': { type: 'string' },
    },
  });
  if (action === 'import') {
    const file = positionals[0];
    if (!file) throw new CliUsageError(USAGE);
    const format = values.format;
    if (format !== undefined && !IMPORT_FORMATS.includes(format as ImportFormat))
      throw new CliUsageError(`Unknown format ${format}.\n${USAGE}`);
    const maxRefusedPercent = Number(values['max-refused'] ?? DEFAULT_MAX_REFUSED_PERCENT);
    if (!(maxRefusedPercent >= 0 && maxRefusedPercent <= 100))
      throw new CliUsageError(`--max-refused must be a percentage from 0 to 100.\n${USAGE}`);
    const progress = progressPrinter();
    const result = await importTrademarkFile(ctx.db, file, {
      format: format as ImportFormat | undefined,
      maxRefusedPercent,
      onProgress: progress.show,
    });
    progress.end();
    const text = describe(result, file);
    if (result.failure) throw new ImportFailedError(text);
    return text;
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
