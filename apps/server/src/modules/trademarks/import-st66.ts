import type { Readable } from 'node:stream';
import { designatesCountries } from '@kxt/contracts/jurisdictions';
import { type TrademarkStatus, trademarkImportRecord } from '@kxt/contracts/trademarks';
import type { ImportSink } from './import-sink.ts';
import { child, descendants, readXmlRecords, text, type XmlElement, type XmlRecord } from './xml-records.ts';

/**
 * `MarkCurrentStatusCode` (WIPO ST.66, as TMview offices fill it) → the product's statuses. Compared without case,
 * spaces or punctuation; the first rule whose word the code contains wins, so "Application refused" is ended and
 * "Registration cancellation pending" registered. Anything else is `unknown`. The README lists the same table.
 */
export const ST66_STATUS_RULES: ReadonlyArray<readonly [string, TrademarkStatus]> = [
  ['expired', 'ended'],
  ['ended', 'ended'],
  ['withdrawn', 'ended'],
  ['refused', 'ended'],
  ['rejected', 'ended'],
  ['cancelled', 'ended'],
  ['surrendered', 'ended'],
  ['revoked', 'ended'],
  ['invalid', 'ended'],
  ['lapsed', 'ended'],
  ['abandoned', 'ended'],
  ['ceased', 'ended'],
  ['registered', 'registered'],
  ['registration', 'registered'],
  ['renewed', 'registered'],
  ['filed', 'filed'],
  ['application', 'filed'],
  ['published', 'filed'],
  ['opposed', 'filed'],
  ['opposition', 'filed'],
  ['appeal', 'filed'],
  ['examined', 'filed'],
  ['pending', 'filed'],
];

export function st66Status(code: string | undefined): TrademarkStatus {
  const plain = (code ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (!plain) return 'unknown';
  return ST66_STATUS_RULES.find(([word]) => plain.includes(word))?.[1] ?? 'unknown';
}

/** ST.66 dates are xs:date, possibly with a zone ("2015-08-14+01:00"): the day is kept. */
function st66Date(value: string | undefined): string | null {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(value ?? '')?.[1];
  return day ?? null;
}

/**
 * A party's name from its address book, whichever way the office wrote it: an organisation name, a formatted
 * person's name, or free-format name lines.
 */
function partyName(party: XmlElement): string | undefined {
  const organization = descendants(party, 'OrganizationName')[0]?.text.trim();
  if (organization) return organization;
  const formatted = descendants(party, 'FormattedName')[0];
  if (formatted) {
    const parts = ['FirstName', 'MiddleName', 'LastName']
      .map((name) => text(formatted, name))
      .filter((part): part is string => part !== undefined);
    if (parts.length > 0) return parts.join(' ');
    if (formatted.text.trim()) return formatted.text.trim();
  }
  const lines = descendants(party, 'FreeFormatNameLine')
    .map((line) => line.text.trim())
    .filter(Boolean);
  if (lines.length > 0) return lines.join(' ');
  return descendants(party, 'FreeFormatName')[0]?.text.trim() || undefined;
}

/** The identifier a party is known by in `ApplicantKey`/`RepresentativeKey` or its own `…Identifier`. */
function partyKey(element: XmlElement | undefined, role: Role): string | undefined {
  if (!element) return undefined;
  return (
    text(element, `${role}Identifier`) ?? text(element, 'Identifier') ?? (element.text.trim() || undefined)
  );
}

type Role = 'Applicant' | 'Representative';

/** The record's parties of one role: names given inline, or keys to resolve against the transaction's own lists. */
function parties(mark: XmlElement, role: Role): Array<{ name?: string; key?: string }> {
  const section = child(mark, `${role}Details`);
  if (!section) return [];
  return section.children.flatMap((entry) => {
    if (entry.name === role) return [{ name: partyName(entry), key: partyKey(entry, role) }];
    if (entry.name === `${role}Key`) return [{ key: partyKey(entry, role) }];
    return [];
  });
}

/** Goods and services per class in the record's language (its application language, else the first given). */
function goodsByClass(mark: XmlElement): { classes: number[]; goods: Record<string, string> } {
  const language = text(mark, 'ApplicationLanguageCode')?.toLowerCase();
  const classes: number[] = [];
  const goods: Record<string, string> = {};
  for (const description of descendants(mark, 'ClassDescription')) {
    const cls = Number.parseInt(text(description, 'ClassNumber') ?? '', 10);
    if (!Number.isInteger(cls)) continue;
    if (!classes.includes(cls)) classes.push(cls);
    const texts = descendants(description, 'GoodsServicesDescription').filter((item) => item.text.trim());
    const chosen = texts.find((item) => item.attributes.languageCode?.toLowerCase() === language) ?? texts[0];
    if (chosen) goods[String(cls)] = chosen.text.trim();
  }
  return { classes, goods };
}

function imageUrl(mark: XmlElement): string | null {
  const uri = descendants(mark, 'MarkImageURI')[0]?.text.trim();
  return uri && /^https?:\/\//i.test(uri) ? uri : null;
}

const isDeletion = (mark: XmlElement) => mark.attributes.operationCode?.toLowerCase() === 'delete';

/** Applicants and representatives listed once per transaction (TMview's keyed form), by their identifiers. */
class PartyBook {
  readonly names = new Map<string, string>();

  learn(element: XmlElement, role: Role) {
    const key = partyKey(element, role);
    const name = partyName(element);
    if (key && name) this.names.set(`${role}\n${key}`, name);
  }

  /** The first party's name: inline, else by key from the book, else the key itself (an office's own reference). */
  first(mark: XmlElement, role: Role): string | null {
    const [party] = parties(mark, role);
    if (!party) return null;
    return party.name ?? (party.key ? (this.names.get(`${role}\n${party.key}`) ?? party.key) : null);
  }

  /** Whether a record names a party only by a key the book does not know yet. */
  missing(mark: XmlElement): boolean {
    return (['Applicant', 'Representative'] as const).some((role) =>
      parties(mark, role).some(
        (party) => !party.name && party.key && !this.names.has(`${role}\n${party.key}`),
      ),
    );
  }
}

/** How many records wait for a transaction's party lists before they go with the key in place of the name. */
const MAX_WAITING = 10_000;

/** A `TradeMark`, or a transaction-level `Applicant`/`Representative` (not one inside a mark). */
function isSt66Record(name: string, ancestors: readonly string[]) {
  if (ancestors.includes('TradeMark')) return false;
  if (name === 'TradeMark') return ancestors.at(-1) === 'TradeMarkDetails';
  return (name === 'Applicant' || name === 'Representative') && ancestors.at(-1) === `${name}Details`;
}

/**
 * Reads TM-XML (WIPO ST.66) as TMview and WIPO deliver it, `Transaction` → `TradeMarkDetails` → `TradeMark`, in any
 * default namespace, into the sink. Each mark goes to the dataset of its `RegistrationOfficeCode`; a mark with
 * `operationCode="Delete"` is removed. Parties given by key are resolved against the transaction's `ApplicantDetails`
 * and `RepresentativeDetails` lists wherever they stand (records wait for lists that come later, up to a bound).
 */
export async function readSt66Xml(sink: ImportSink, input: Readable): Promise<void> {
  const book = new PartyBook();
  const waiting: XmlRecord[] = [];
  const settle = async (item: XmlRecord) => importMark(sink, book, item);

  for await (const item of readXmlRecords(input, isSt66Record)) {
    if (item.kind === 'fault') {
      sink.fault({ line: item.line, message: item.message });
      continue;
    }
    if (item.element.name !== 'TradeMark') {
      if (!item.fault) book.learn(item.element, item.element.name as Role);
      continue;
    }
    if (!item.fault && book.missing(item.element) && waiting.length < MAX_WAITING) waiting.push(item);
    else await settle(item);
  }
  for (const item of waiting) await settle(item);
}

async function importMark(sink: ImportSink, book: PartyBook, item: XmlRecord) {
  const mark = item.element;
  const office = text(mark, 'RegistrationOfficeCode')?.toUpperCase() ?? '';
  const applicationNumber = text(mark, 'ApplicationNumber') ?? text(mark, 'RegistrationNumber') ?? '';
  const where = { line: item.line, record: item.position };
  const label = `mark ${applicationNumber || '(no application number)'}`;
  if (item.fault) return sink.reject({ ...where, message: `${label}: ${item.fault}` });
  if (isDeletion(mark)) {
    if (!office || !applicationNumber)
      return sink.reject({
        ...where,
        message: `${label}: a deletion needs RegistrationOfficeCode and ApplicationNumber`,
      });
    return sink.remove({ dataset: office, applicationNumber });
  }
  const name = text(mark, 'WordMarkSpecification', 'MarkVerbalElementText');
  const feature = text(mark, 'MarkFeature') ?? null;
  // Figurative, sound or colour marks without any word element cannot be found by name; they are counted, not refused.
  if (!name && feature && !/word/i.test(feature)) return sink.skip();
  const { classes, goods } = goodsByClass(mark);
  const designations = designatesCountries(office)
    ? [...new Set(descendants(mark, 'DesignatedCountryCode').map((code) => code.text.trim().toUpperCase()))]
    : [];
  const parsed = trademarkImportRecord.safeParse({
    name: name ?? '',
    applicationNumber,
    applicationDate: st66Date(text(mark, 'ApplicationDate')),
    registrationDate: st66Date(text(mark, 'RegistrationDate')),
    registrationNumber: text(mark, 'RegistrationNumber') ?? null,
    expiryDate: st66Date(text(mark, 'ExpiryDate')),
    // The first publication (for opposition); later ones (of the registration) follow it in the list.
    publicationDate: st66Date(descendants(mark, 'PublicationDate')[0]?.text.trim()),
    markFeature: feature,
    niceClass: classes,
    owner: book.first(mark, 'Applicant'),
    attorney: book.first(mark, 'Representative'),
    dataset: office,
    status: st66Status(text(mark, 'MarkCurrentStatusCode')),
    goodsAndServices: goods,
    imageUrl: imageUrl(mark),
    designations,
  });
  if (parsed.success) return sink.accept(parsed.data);
  const fields = parsed.error.issues.map((issue) => issue.path.join('.') || 'record').join(', ');
  sink.reject({ ...where, message: `${label}: missing or invalid ${fields}` });
}
