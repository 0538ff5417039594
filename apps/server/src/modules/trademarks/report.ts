import type { CurrentUser } from '@kxt/contracts/auth';
import { type RiskLevel, riskLevel } from '@kxt/contracts/risk';
import {
  expandDatasets,
  NICE_CLASSES,
  TRADEMARK_STATUSES,
  type TrademarkStatus,
} from '@kxt/contracts/trademarks';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { runOffLoop } from '../../lib/off-loop.ts';
import { type Locale, translate } from '../../locales/translate.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { registerTimes } from './info.ts';
import type { SearchParams } from './quota.ts';
import type { ReportDocument } from './report-pdf.ts';
import { findMarks } from './repository.ts';
import { rankSearch, type TrademarkDeps } from './service.ts';

/** A report is made for a search of the last 24 hours: the window in which the same search is not charged again. */
export const REPORT_MAX_AGE_MS = 24 * 60 * 60_000;
/** Matches listed per country: the ones a seller and a consultant read; the total is given beside them. */
export const REPORT_TOP_MATCHES = 10;

interface RecordedSearch extends SearchParams {
  id: string;
  createdAt: string;
  /** The countries as chosen on the screen: one section of matches each. */
  countries: string[];
}

/**
 * The search behind a report. It is the caller's when they ran it or their company did (a colleague's report is
 * shared); another company's search is "not found", like an unknown id, so its existence is not revealed. A search
 * older than REPORT_MAX_AGE_MS is refused with its own message (410): search again, which is then charged anew.
 */
export async function searchForReport(
  db: Kysely<DB>,
  user: CurrentUser,
  searchId: string,
  now = Date.now(),
): Promise<RecordedSearch> {
  const row = await db
    .selectFrom('trademark_searches')
    .select(['id', 'user_id', 'customer_id', 'text', 'datasets', 'classes', 'countries', 'created_at'])
    .where('id', '=', searchId)
    .executeTakeFirst();
  const mine =
    row !== undefined &&
    (row.user_id === user.id ||
      (user.role === 'customer' && user.customerId !== null && row.customer_id === user.customerId));
  if (!row || !mine) throw new HttpError(404, 'trademark.searchNotFound');
  if (now - Date.parse(row.created_at) > REPORT_MAX_AGE_MS)
    throw new HttpError(410, 'trademark.searchExpired');
  const datasets = row.datasets ? row.datasets.split(',') : [];
  return {
    id: row.id,
    createdAt: row.created_at,
    text: row.text,
    datasets,
    // Searches recorded before the countries were kept fall back to their datasets, as the search itself did.
    countries: row.countries ? row.countries.split(',') : datasets,
    classes: row.classes ? row.classes.split(',').map(Number) : [],
  };
}

/** Registers that are not a country: named by us (a region name lookup would give "European Union", or nothing). */
const OWN_NAMES = new Set(['EM', 'WO', 'WPP', 'UF']);
const regionNames = new Map<Locale, Intl.DisplayNames>();
/** A register's or country's name in the reader's language: ours for the regional and international registers. */
export function registerName(code: string, locale: Locale): string {
  if (OWN_NAMES.has(code)) return translate(locale, `report.register.${code}` as MessageKey);
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

const withCode = (code: string, locale: Locale) => {
  const name = registerName(code, locale);
  return name === code ? code : `${name} (${code})`;
};

/**
 * Everything the report shows, in the reader's language, as plain data for the PDF writer (which runs on the
 * worker thread). Ranks the recorded search again where the cache no longer has it; charges nothing.
 */
export async function reportDocument(
  deps: Pick<TrademarkDeps, 'db' | 'marks' | 'results'>,
  search: RecordedSearch,
  locale: Locale,
  options: { statuses?: readonly TrademarkStatus[] | undefined; now?: Date } = {},
): Promise<ReportDocument> {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  const statuses = options.statuses?.length ? [...new Set(options.statuses)] : [...TRADEMARK_STATUSES];
  const chosen = search.countries;
  const colon = locale === 'zh-CN' ? '：' : ': ';

  const overall = await rankSearch(deps, search.id, search, { chosen, statuses });
  const riskMap = NICE_CLASSES.map((cls) => {
    const stat = overall.classStatistics[cls];
    const level: RiskLevel | null = stat ? (riskLevel(stat.maxSimilarityScore, chosen) ?? 'low_risk') : null;
    return {
      cls,
      count: stat?.count ?? 0,
      level,
      label: level ? t(`report.risk.${level}`) : t('report.risk.none'),
    };
  });

  const countries = [];
  for (const country of chosen) {
    const ranked = await rankSearch(deps, search.id, search, { tab: country, chosen, statuses });
    const top = ranked.matches.slice(0, REPORT_TOP_MATCHES);
    const rows = new Map(
      (
        await findMarks(
          deps.db,
          top.map((match) => match.id),
        )
      ).map((row) => [row.id, row]),
    );
    const matches = top.flatMap((match) => {
      const row = rows.get(match.id);
      if (!row) return [];
      const reasons = match.signals.map((signal) => t(`report.signal.${signal}` as MessageKey));
      return [
        {
          name: row.name,
          score: t('report.field.score', { score: Math.round(match.score) }),
          facts: [
            [t('report.field.register'), withCode(row.dataset, locale)],
            [t('report.field.applicationNumber'), row.application_number],
            [t('report.field.classes'), row.nice_classes.split(',').join(', ')],
            [t('report.field.status'), t(`report.status.${row.status}`)],
            [t('report.field.owner'), row.owner ?? '-'],
            [t('report.field.applicationDate'), row.application_date ?? '-'],
            [t('report.field.registrationDate'), row.registration_date ?? '-'],
          ].map(([label, value]) => `${label}${colon}${value}`),
          reasons: reasons.length > 0 ? reasons : [t('report.reasonNone')],
        },
      ];
    });
    countries.push({
      heading: t('report.countryHeading', { country: withCode(country, locale), total: ranked.total }),
      note: matches.length > 0 ? t('report.countryShown', { shown: matches.length }) : t('report.noMatches'),
      matches,
    });
  }

  const times = await registerTimes(deps.db);
  const covered = expandDatasets(chosen);
  const generated = covered.some((code) => times[code]?.generated);
  const registers = covered.map((code) => {
    const time = times[code];
    const date = time?.lastAppDate
      ? t('report.dataDate', { date: time.lastAppDate })
      : t('report.noDataDate');
    return {
      name: withCode(code, locale),
      date: time?.generated ? `${date} · ${t('report.generatedData')}` : date,
    };
  });

  const now = options.now ?? new Date();
  const time = now.toISOString().slice(0, 16).replace('T', ' ');
  return {
    locale,
    title: t('report.title'),
    product: t('report.product'),
    generatedAt: t('report.generatedAt', { time }),
    createdAt: now.toISOString(),
    notice: generated ? t('report.demoNotice') : t('report.officeData'),
    demo: generated,
    query: [
      [t('report.field.text'), search.text],
      [
        t('report.field.countries'),
        chosen.map((code) => withCode(code, locale)).join(locale === 'zh-CN' ? '、' : ', '),
      ],
      [
        t('report.field.classes'),
        search.classes.length > 0
          ? search.classes
              .map((cls) => t('report.classShort', { number: cls }))
              .join(locale === 'zh-CN' ? '、' : ', ')
          : t('report.field.allClasses'),
      ],
      [
        t('report.field.statuses'),
        statuses.map((status) => t(`report.status.${status}`)).join(locale === 'zh-CN' ? '、' : ', '),
      ],
      [t('report.field.searchedAt'), `${search.createdAt.slice(0, 16).replace('T', ' ')} UTC`],
      [t('report.field.searchId'), search.id],
    ],
    sections: {
      query: t('report.section.query'),
      riskMap: t('report.section.riskMap'),
      riskMapHelp: t('report.riskMapHelp'),
      matches: t('report.section.matches'),
      reasons: t('report.field.reasons'),
      dataDates: t('report.section.dataDates'),
      disclaimer: t('report.section.disclaimer'),
    },
    riskMap,
    legend: (['low_risk', 'high_risk', 'very_high_risk'] as const).map((level) => ({
      level,
      label: t(`report.risk.${level}`),
    })),
    countries,
    registers,
    disclaimer: t('report.disclaimer'),
    pageLabel: t('report.page', { page: '{page}', pages: '{pages}' }),
    fileName: t('report.fileName', { text: search.text.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 40) }),
  };
}

/** The report as PDF bytes, written on the worker thread: seconds of font and layout work stay off the event loop. */
export function reportPdf(document: ReportDocument): Promise<Uint8Array> {
  return runOffLoop<typeof import('./report-pdf.ts'), 'buildReportPdf'>(
    new URL('./report-pdf.ts', import.meta.url),
    'buildReportPdf',
    document,
  );
}
