import { SerialSpace } from './serial-space.ts';
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

/** The newest day the generated registers hold: no generated date (application or registration) lies after it. */
export const GENERATED_AS_OF: Day = 20251228;

export function applicationDate(status: MarkStatus, random: Random): Day {
  // Recent years are busier; pending applications are recent by nature. Days stop at 28, so every month has them
  // and no application lies after GENERATED_AS_OF.
  const year =
    status === 'filed' ? 2023 + Math.floor(random() * 3) : 2025 - Math.floor(30 * random() * random());
  return year * 10000 + (1 + Math.floor(random() * 12)) * 100 + 1 + Math.floor(random() * 28);
}

const monthIndex = (day: Day) => Math.floor(day / 10000) * 12 + (Math.floor(day / 100) % 100) - 1;

/**
 * A registration 6 to 29 months after the application, on the same day of the month, but never after
 * GENERATED_AS_OF: a late application is registered within the months left (in its own month at the latest), so
 * application ≤ registration ≤ the register's data date always holds. Draws one number, as it always did, so the
 * fields after it keep their values.
 */
export function registrationDateOf(applied: Day, random: Random): string {
  const left = monthIndex(GENERATED_AS_OF) - monthIndex(applied);
  const earliest = Math.min(6, left);
  const latest = Math.min(29, left);
  const month = monthIndex(applied) + earliest + Math.floor(random() * (latest - earliest + 1));
  return dateText(Math.floor(month / 12) * 10000 + ((month % 12) + 1) * 100 + (applied % 100));
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** An application number as the office's prefix and a zero-padded serial of `width` digits. */
export interface ApplicationNumberParts {
  readonly prefix: string;
  readonly serial: number;
  readonly width: number;
}

const serialOf = (width: number, random: Random) => Math.floor(random() * 10 ** width);

/** Application numbers shaped like each office's own; within a dataset the prefix always has the same length. */
export function applicationNumberParts(
  dataset: string,
  year: number,
  random: Random,
): ApplicationNumberParts {
  const parts = (prefix: string, width: number) => ({ prefix, width, serial: serialOf(width, random) });
  switch (dataset) {
    case 'US':
    case 'UF':
      return parts(`${7 + Math.floor(random() * 3)}`, 7);
    case 'EM':
      return parts('018', 6);
    case 'WO':
    case 'WPP':
      return parts('1', 6);
    case 'GB':
      return parts('UK0000', 7);
    case 'DE':
      return parts(`30${year}`, 6);
    case 'FR':
      return parts(String(year).slice(2), 7);
    case 'ES':
      return parts('M', 7);
    case 'JP':
      return parts(`${year}-`, 6);
    case 'KR':
      return parts(`40${year}`, 7);
    case 'CN':
      return parts(`${year < 2014 ? 1 : 6}`, 7);
    default:
      return parts(`${dataset}${year}`, 6);
  }
}

const numberText = (prefix: string, serial: number, width: number) => `${prefix}${pad(serial, width)}`;

/** One application number shaped like the office's own (it may repeat; `ApplicationNumbers` never does). */
export function applicationNumberOf(dataset: string, year: number, random: Random): string {
  const { prefix, serial, width } = applicationNumberParts(dataset, year, random);
  return numberText(prefix, serial, width);
}

/**
 * Hands out application numbers that never repeat within a dataset, however many are asked for. A drawn number
 * that is already taken becomes the next free serial of its prefix; once every serial of that width is taken, the
 * serial grows a digit. Prefixes of one dataset share a length, so numbers of different widths never meet.
 */
export class ApplicationNumbers {
  private readonly spaces = new Map<string, SerialSpace>();

  next(dataset: string, year: number, random: Random): string {
    const { prefix, serial, width } = applicationNumberParts(dataset, year, random);
    for (let digits = width; ; digits++) {
      const key = `${dataset}|${prefix}|${digits}`;
      let space = this.spaces.get(key);
      if (!space) {
        space = new SerialSpace(10 ** digits);
        this.spaces.set(key, space);
      }
      const free = space.claim(serial);
      if (free !== undefined) return numberText(prefix, free, digits);
    }
  }
}
