import { DEFAULT_STATUS_FILTER, NICE_CLASSES, type TrademarkStatus } from '@kxt/contracts/trademarks';

export const DEFAULT_COUNTRY = 'US';
/** Spec §9: request page size 10. */
export const PAGE_SIZE = 10;
/** Spec §9: after 重置 the searches ask for 5 a page (until the page is loaded again). */
export const RESET_PAGE_SIZE = 5;
/** Spec §9: the floating search bar appears once the page is scrolled this far (px). */
export const FLOATING_BAR_SCROLL = 400;
/** Spec §5: more countries than this in the dialog warns that the search may be slow or find nothing. */
export const MANY_COUNTRIES = 10;
/** Spec §5: reaching this many countries through the hot list warns the same way. */
export const HOT_WARNING_COUNT = 5;
/** Spec §9: scrolling to the bottom loads the next page, debounced 1000 ms. */
export const SCROLL_DEBOUNCE_MS = 1000;

/** A status filter choice: the four statuses, or `all`. */
export type StatusChoice = TrademarkStatus | 'all';
export const STATUS_CHOICES: readonly StatusChoice[] = ['all', 'registered', 'filed', 'ended', 'unknown'];
export const DEFAULT_STATUS_CHOICE: readonly StatusChoice[] = DEFAULT_STATUS_FILTER;

/**
 * The status filter after a change (spec §4): choosing All replaces the others, choosing any other option removes
 * All, and clearing everything falls back to All.
 */
export function nextStatusChoice(
  previous: readonly StatusChoice[],
  next: readonly StatusChoice[],
): StatusChoice[] {
  const added = next.filter((choice) => !previous.includes(choice));
  if (added.includes('all')) return ['all'];
  const others: StatusChoice[] = next.filter((choice) => choice !== 'all');
  return others.length ? STATUS_CHOICES.filter((choice) => others.includes(choice)) : ['all'];
}

/** The `status` sent to the server: a comma list, or nothing for All. */
export function statusParam(choice: readonly StatusChoice[]): string | undefined {
  return choice.includes('all') ? undefined : choice.join(',');
}

export interface SearchForm {
  text: string;
  countries: string[];
  classes: number[];
}

function commaList(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The form from the page's query parameters `country` (default US), `search` and `niceClass`. */
export function formFromParams(params: URLSearchParams): SearchForm {
  const countries = [...new Set(commaList(params.get('country')).map((code) => code.toUpperCase()))].filter(
    (code) => /^[A-Z]{2,3}$/.test(code),
  );
  const classes = [...new Set(commaList(params.get('niceClass')).map(Number))].filter((cls) =>
    NICE_CLASSES.includes(cls),
  );
  return {
    text: params.get('search') ?? '',
    countries: countries.length ? countries : [DEFAULT_COUNTRY],
    classes: classes.sort((a, b) => a - b),
  };
}

/** The query parameters describing a search, so a reload runs it again. */
export function paramsFromForm(form: SearchForm): Record<string, string> {
  const params: Record<string, string> = { country: form.countries.join(','), search: form.text };
  if (form.classes.length) params.niceClass = form.classes.join(',');
  return params;
}

export type ValidationError = 'nameRequired' | 'nameBlank' | 'countryRequired';

/** Spec §5, checked before calling the server. */
export function validateForm(form: SearchForm): ValidationError | null {
  if (!form.text) return 'nameRequired';
  if (!form.text.trim()) return 'nameBlank';
  if (!form.countries.length) return 'countryRequired';
  return null;
}

/** Counts above 99 are shown as 99+ (spec §9). */
export function formatCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The similarity score (0–100) as a percent of (at most) two digits: 87.6 → "87%", 100 → "100%". */
export function formatSimilarity(score: number): string {
  const whole = Math.max(0, Math.min(100, Math.floor(score)));
  return `${whole}%`;
}
