import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { openContext } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { importTrademarkFile } from '../apps/server/src/modules/trademarks/import-batch.ts';
import { writeResults } from './results-file.ts';

const OFFICES = ['GB', 'EM', 'DE', 'FR', 'ES', 'IT', 'WO'];
const STATUSES = ['Registered', 'Application filed', 'Application published', 'Expired', 'Withdrawn'];
const SYLLABLES = ['lu', 'mi', 'ka', 'ren', 'tor', 'vex', 'sa', 'qui', 'bel', 'dor', 'zan', 'fi'];

/** A deterministic ST.66 `TradeMark`, with inline parties, two classes and (for WO) designations. */
function tradeMark(index: number): string {
  const office = OFFICES[index % OFFICES.length] as string;
  const name = [0, 1, 2]
    .map((step) => SYLLABLES[Math.floor(index / 12 ** step) % SYLLABLES.length])
    .join('')
    .toUpperCase();
  const cls = (index % 45) + 1;
  const year = 1990 + (index % 35);
  const designations =
    office === 'WO'
      ? '<MadridDesignation><DesignatedCountryDetails><DesignatedCountry><DesignatedCountryCode>CN</DesignatedCountryCode></DesignatedCountry><DesignatedCountry><DesignatedCountryCode>US</DesignatedCountryCode></DesignatedCountry></DesignatedCountryDetails></MadridDesignation>'
      : '';
  return `<TradeMark operationCode="Insert"><RegistrationOfficeCode>${office}</RegistrationOfficeCode><ApplicationNumber>${office}${String(index).padStart(9, '0')}</ApplicationNumber><ApplicationDate>${year}-03-0${(index % 9) + 1}</ApplicationDate><ApplicationLanguageCode>en</ApplicationLanguageCode><MarkCurrentStatusCode>${STATUSES[index % STATUSES.length]}</MarkCurrentStatusCode><MarkFeature>Word</MarkFeature><WordMarkSpecification><MarkVerbalElementText>${name} ${index}</MarkVerbalElementText></WordMarkSpecification><GoodsServicesDetails><GoodsServices><ClassDescriptionDetails><ClassDescription><ClassNumber>${cls}</ClassNumber><GoodsServicesDescription languageCode="en">Goods of class ${cls}</GoodsServicesDescription></ClassDescription><ClassDescription><ClassNumber>35</ClassNumber><GoodsServicesDescription languageCode="en">Retail services</GoodsServicesDescription></ClassDescription></ClassDescriptionDetails></GoodsServices></GoodsServicesDetails><ApplicantDetails><Applicant><ApplicantAddressBook><FormattedNameAddress><Name><FormattedName><OrganizationName>Holder ${index % 5000} Ltd</OrganizationName></FormattedName></Name></FormattedNameAddress></ApplicantAddressBook></Applicant></ApplicantDetails>${designations}</TradeMark>\n`;
}

/** Writes `count` records as one gzip-compressed ST.66 transaction, streaming (the generator holds one record). */
async function writeSt66Gz(file: string, count: number) {
  const gzip = createGzip({ level: 1 });
  const out = createWriteStream(file);
  gzip.pipe(out);
  gzip.write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<Transaction xmlns="http://www.wipo.int/standards/XMLSchema/trademarks"><TradeMarkTransactionBody><TransactionContentDetails><TransactionData><TradeMarkDetails>\n',
  );
  for (let index = 0; index < count; index++) {
    if (!gzip.write(tradeMark(index))) await once(gzip, 'drain');
  }
  gzip.end(
    '</TradeMarkDetails></TransactionData></TransactionContentDetails></TradeMarkTransactionBody></Transaction>\n',
  );
  await once(out, 'finish');
}

/**
 * `npm run bench -- import [--count 1000000]`: generates `count` TM-XML (ST.66) records into a temporary .xml.gz
 * file, streaming, and imports it with the command's own code into a fresh SQLite database (DATABASE_URL: PostgreSQL).
 * Reports the time, records per second and the peak resident memory of the import.
 */
export async function runImportBench(args: string[]) {
  const { values } = parseArgs({ args, options: { count: { type: 'string', default: '1000000' } } });
  const count = Number(values.count);
  const dir = await mkdtemp(path.join(tmpdir(), 'kxt-bench-import-'));
  const file = path.join(dir, 'st66.xml.gz');
  try {
    const generateStarted = performance.now();
    await writeSt66Gz(file, count);
    const generateSeconds = (performance.now() - generateStarted) / 1000;
    const fileMb = (await stat(file)).size / 1e6;

    const ctx = await openContext(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', NOTIFY_WORKER: '0' }));
    let peakRss = process.memoryUsage.rss();
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 200);
    try {
      const started = performance.now();
      const result = await importTrademarkFile(ctx.db, file, {
        onProgress: (report) => {
          if (report.imported % 100_000 === 0) process.stderr.write(`  ${report.imported} marks\n`);
        },
      });
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      const results = {
        records: count,
        imported: result.report.imported,
        refused: result.report.failed,
        failure: result.failure ?? null,
        fileMb: Number(fileMb.toFixed(1)),
        generateSeconds: Number(generateSeconds.toFixed(1)),
        importSeconds: Number(seconds.toFixed(1)),
        recordsPerSecond: Math.round(result.report.imported / seconds),
        peakRssMb: Math.round(peakRss / 1e6),
      };
      console.table([results]);
      await writeResults('import', results);
    } finally {
      clearInterval(sampler);
      await ctx.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
