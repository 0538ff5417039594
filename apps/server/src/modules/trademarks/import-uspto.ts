import type { Readable } from 'node:stream';
import { type TrademarkStatus, trademarkImportRecord } from '@kxt/contracts/trademarks';
import type { Kysely } from 'kysely';
import { SaxesParser } from 'saxes';
import type { DB } from '../../db/schema.ts';
import { type ImportReport, ImportSink } from './import-jsonl.ts';

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

interface CaseFile {
  line: number;
  serial?: string;
  name?: string;
  filingDate?: string;
  registrationDate?: string;
  statusCode?: string;
  attorney?: string;
  owners: string[];
  classes: number[];
  goods: Record<string, string>;
  statementType?: string;
  statementText?: string;
}

/**
 * Imports the USPTO's daily trademark application XML as dataset US, streaming, so a file of any size uses little
 * memory. Entities are never expanded (no external entity can be read). Case files without a word mark or a class
 * are reported with the line where they start.
 */
export async function importUsptoXml(db: Kysely<DB>, input: Readable): Promise<ImportReport> {
  const sink = new ImportSink(db);
  const parser = new SaxesParser({ xmlns: false, position: true });
  const path: string[] = [];
  let text = '';
  let current: CaseFile | undefined;
  const finished: CaseFile[] = [];
  let parseError: Error | undefined;

  parser.on('opentag', (tag) => {
    path.push(tag.name);
    text = '';
    if (tag.name === 'case-file') current = { line: parser.line, owners: [], classes: [], goods: {} };
  });
  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.on('closetag', (tag) => {
    path.pop();
    const value = text.trim();
    text = '';
    if (!current) return;
    const parent = path.at(-1);
    switch (tag.name) {
      case 'serial-number':
        if (parent === 'case-file') current.serial = value;
        break;
      case 'mark-identification':
        current.name = value;
        break;
      case 'filing-date':
        current.filingDate = value;
        break;
      case 'registration-date':
        if (parent === 'case-file-header') current.registrationDate = value;
        break;
      case 'status-code':
        if (parent === 'case-file-header') current.statusCode = value;
        break;
      case 'attorney-name':
        current.attorney = value;
        break;
      case 'party-name':
        if (parent === 'case-file-owner' && value) current.owners.push(value);
        break;
      case 'international-code': {
        const cls = Number.parseInt(value, 10);
        if (cls >= 1 && cls <= 45 && !current.classes.includes(cls)) current.classes.push(cls);
        break;
      }
      case 'type-code':
        current.statementType = value;
        break;
      case 'text':
        if (parent === 'case-file-statement') current.statementText = value;
        break;
      case 'case-file-statement': {
        // GS0091: goods and services of class 009.
        const match = /^GS0*(\d{1,2})\d$/.exec(current.statementType ?? '');
        if (match?.[1] && current.statementText)
          current.goods[String(Number(match[1]))] = current.statementText;
        current.statementType = undefined;
        current.statementText = undefined;
        break;
      }
      case 'case-file':
        finished.push(current);
        current = undefined;
        break;
    }
  });
  parser.on('error', (error) => {
    parseError = error;
  });

  const drain = async () => {
    for (const file of finished.splice(0)) {
      const parsed = trademarkImportRecord.safeParse({
        name: file.name ?? '',
        applicationNumber: file.serial ?? '',
        applicationDate: usptoDate(file.filingDate),
        registrationDate: usptoDate(file.registrationDate),
        niceClass: file.classes,
        owner: file.owners[0] ?? null,
        dataset: 'US',
        status: usptoStatus(Number(file.statusCode)),
        goodsAndServices: file.goods,
        attorney: file.attorney || null,
      });
      if (parsed.success) await sink.accept(parsed.data);
      else {
        const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
        sink.reject(
          file.line,
          `case file ${file.serial ?? '(no serial number)'}: missing or invalid ${fields}`,
        );
      }
    }
  };

  input.setEncoding('utf8');
  for await (const chunk of input as AsyncIterable<string>) {
    parser.write(chunk);
    if (parseError) break;
    await drain();
  }
  if (!parseError) parser.close();
  await drain();
  if (parseError) sink.reject(parser.line, `XML is not well formed: ${parseError.message.split('\n')[0]}`);
  return sink.finish();
}
