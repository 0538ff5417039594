import type { Random } from './synthetic-random.ts';
import type { MarkStatus } from './types.ts';

/** A day packed as yyyymmdd. */
export type Day = number;

const dates = new Map<Day, string>();

export function dateText(day: Day): string {
  let text = dates.get(day);
  if (text === undefined) {
    text = `${Math.floor(day / 10000)}-${pad(Math.floor(day / 100) % 100, 2)}-${pad(day % 100, 2)}`;
    dates.set(day, text);
  }
  return text;
}

export function applicationDate(status: MarkStatus, random: Random): Day {
  // Recent years are busier; pending applications are recent by nature.
  const year =
    status === 'filed' ? 2023 + Math.floor(random() * 3) : 2025 - Math.floor(30 * random() * random());
  return year * 10000 + (1 + Math.floor(random() * 12)) * 100 + 1 + Math.floor(random() * 28);
}

export function registrationDateOf(applied: Day, random: Random): string {
  const months = (Math.floor(applied / 100) % 100) - 1 + 6 + Math.floor(random() * 24);
  const year = Math.floor(applied / 10000) + Math.floor(months / 12);
  return dateText(year * 10000 + ((months % 12) + 1) * 100 + (applied % 100));
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function digits(count: number, random: Random): string {
  return String(Math.floor(random() * 10 ** count)).padStart(count, '0');
}

/** Application numbers shaped like each office's own. */
export function applicationNumberOf(dataset: string, year: number, random: Random): string {
  switch (dataset) {
    case 'US':
    case 'UF':
      return `${7 + Math.floor(random() * 3)}${digits(7, random)}`;
    case 'EM':
      return `018${digits(6, random)}`;
    case 'WO':
    case 'WPP':
      return `1${digits(6, random)}`;
    case 'GB':
      return `UK0000${digits(7, random)}`;
    case 'DE':
      return `30${year}${digits(6, random)}`;
    case 'FR':
      return `${String(year).slice(2)}${digits(7, random)}`;
    case 'ES':
      return `M${digits(7, random)}`;
    case 'JP':
      return `${year}-${digits(6, random)}`;
    case 'KR':
      return `40${year}${digits(7, random)}`;
    case 'CN':
      return `${year < 2014 ? 1 : 6}${digits(7, random)}`;
    default:
      return `${dataset}${year}${digits(6, random)}`;
  }
}
