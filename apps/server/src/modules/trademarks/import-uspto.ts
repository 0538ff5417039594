import type { Readable } from 'node:stream';
import { type TrademarkStatus, trademarkImportRecord } from '@kxt/contracts/trademarks';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type ImportReport, ImportSink } from './import-sink.ts';
import { descendants, readXmlRecords, text, type XmlElement } from './xml-records.ts';

/**
 * USPTO status codes reduced to the four result statuses: 6xx below 630 (abandoned), 710–719 (cancelled) and 9xx
 * (expired) are ended; 630–699 are pending (filed); other 7xx and 8xx are registered.
 */
export function usptoStatus(code: number): TrademarkStatus {
  if (!Number.isFinite(code) || code <= 0) return 'unknown';
  if ((code >= 600 && code < 630) || (code >= 710 && code <= 719) || (code >= 900 && code < 1000))
    return 'ended';
  if (code >= 630 && code < 700) return 'filed';
  if (code >= 700 && code < 900) return 'registered';
  return 'unknown';
}

/** `20240131` → `2024-01-31`; empty or zero dates are absent. */
function usptoDate(value: string | undefined): string | null {
  const digits = value?.trim() ?? '';
  if (!/^\d{8}$/.test(digits) || /^0+$/.test(digits)) return null;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
}

const classNumber = (value: string | undefined) => {
  const number = Number.parseInt(value ?? '', 10);
  return Number.isInteger(number) ? number : undefined;
};

interface Classification {
  international: number[];
  us: number[];
}

/**
 * The international class a goods statement belongs to. Its type code (GS0071: class 007, statement 1) carries the
 * class the statement was filed under, which for older marks is a US class: it is that class when the record holds it
 * as an international class, else the international class of the classification listing it as a US (or primary) code,
 * else the record's only international class. Undefined when the record does not say.
 */
export function internationalClassOf(
  statementClass: number,
  classifications: readonly Classification[],
): number | undefined {
  const international = [...new Set(classifications.flatMap((entry) => entry.international))];
  if (international.includes(statementClass)) return statementClass;
  const listing = classifications.find((entry) => entry.us.includes(statementClass));
  if (listing?.international[0] !== undefined) return listing.international[0];
  return international.length === 1 ? international[0] : undefined;
}

function readClassifications(caseFile: XmlElement): Classification[] {
  return descendants(caseFile, 'classification').map((entry) => ({
    international: descendants(entry, 'international-code')
      .map((code) => classNumber(code.text))
      .filter((cls): cls is number => cls !== undefined && cls >= 1 && cls <= 45),
    us: [...descendants(entry, 'us-code'), ...descendants(entry, 'primary-code')]
      .map((code) => classNumber(code.text))
      .filter((cls): cls is number => cls !== undefined),
  }));
}

/** Goods by international class; a statement filed under another (US) class says so after its text. */
function readGoods(caseFile: XmlElement, classifications: readonly Classification[]) {
  const goods: Record<string, string> = {};
  for (const statement of descendants(caseFile, 'case-file-statement')) {
    // GS0091: goods and services of class 009, statement 1.
    const match = /^GS0*(\d{1,3})\d$/.exec(text(statement, 'type-code') ?? '');
    const statementText = text(statement, 'text');
    if (!match?.[1] || !statementText) continue;
    const filedUnder = Number(match[1]);
    const cls = internationalClassOf(filedUnder, classifications);
    if (cls === undefined) continue;
    const entry = cls === filedUnder ? statementText : `${statementText} (US class ${filedUnder})`;
    goods[String(cls)] = goods[String(cls)] ? `${goods[String(cls)]}; ${entry}` : entry;
  }
  return goods;
}

function toRecord(caseFile: XmlElement) {
  const header = descendants(caseFile, 'case-file-header')[0];
  const classifications = readClassifications(caseFile);
  const owners = descendants(caseFile, 'case-file-owner')
    .map((owner) => text(owner, 'party-name'))
    .filter((name): name is string => name !== undefined);
  return {
    serial: text(caseFile, 'serial-number'),
    parsed: trademarkImportRecord.safeParse({
      name: text(header, 'mark-identification') ?? '',
      applicationNumber: text(caseFile, 'serial-number') ?? '',
      applicationDate: usptoDate(text(header, 'filing-date')),
      registrationDate: usptoDate(text(header, 'registration-date')),
      publicationDate: usptoDate(text(header, 'published-for-opposition-date')),
      registrationNumber: (text(caseFile, 'registration-number') ?? '').replace(/^0+$/, '') || null,
      niceClass: [...new Set(classifications.flatMap((entry) => entry.international))],
      owner: owners[0] ?? null,
      dataset: 'US',
      status: usptoStatus(Number(text(header, 'status-code'))),
      goodsAndServices: readGoods(caseFile, classifications),
      attorney: text(header, 'attorney-name') ?? null,
    }),
  };
}

/**
 * Reads the USPTO's daily trademark application XML as dataset US into the sink. Case files without a word mark or a
 * class, or that the parser refused, are reported with their position.
 */
export async function readUsptoXml(sink: ImportSink, input: Readable): Promise<void> {
  for await (const item of readXmlRecords(input, (name) => name === 'case-file')) {
    if (item.kind === 'fault') {
      sink.fault({ line: item.line, message: item.message });
      continue;
    }
    const { serial, parsed } = toRecord(item.element);
    const where = { line: item.line, record: item.position };
    const label = `case file ${serial ?? '(no serial number)'}`;
    if (item.fault) sink.reject({ ...where, message: `${label}: ${item.fault}` });
    else if (parsed.success) await sink.accept(parsed.data);
    else {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
      sink.reject({ ...where, message: `${label}: missing or invalid ${fields}` });
    }
  }
}

/** Imports one USPTO XML stream on its own (tests; files go through `importTrademarkFile`). */
export async function importUsptoXml(db: Kysely<DB>, input: Readable): Promise<ImportReport> {
  const sink = new ImportSink(db);
  await readUsptoXml(sink, input);
  return sink.finish();
}
