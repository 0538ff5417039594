import { readFileSync } from 'node:fs';
import { analyzeName, type NameAnalysis } from './analyze.ts';
import type { DescriptiveWords } from './descriptive.ts';
import { descriptiveWordsFor } from './descriptive.ts';
import { fnvHash } from './grams.ts';
import { isRecord } from './is-record.ts';
import { lowerBound } from './pending-postings.ts';
import { PinyinCache } from './pinyin.ts';
import { type CoreUnits, coreUnits, hasUnitAmong, pairAt, writtenCharacters } from './word-units.ts';

/**
 * A brand known in China under a Latin name and a Chinese one (NIKE 耐克, ANKER 安克, STARBUCKS 星巴克): the Chinese name
 * is what Chinese consumers call the brand, whether it renders the sound, the meaning or neither, so an examiner
 * treats either name as the other's equal. Sound alone cannot find such pairs reliably (`transliteration.ts`): the
 * established name is knowledge, kept as data in `lexicon/established-names.json`.
 */
export interface EstablishedName {
  readonly latin: string;
  /** The names used in mainland China, the main one first. */
  readonly chinese: readonly string[];
  /** `brand`: a brand from outside mainland China; `seller`: a brand from mainland China. */
  readonly kind: 'brand' | 'seller';
}

const KINDS = new Set(['brand', 'seller']);
const HAN_RE = /\p{Script=Han}/u;
const LATIN_RE = /[A-Za-z0-9]/;
const MAX_NAME_LENGTH = 40;

/** Reads the established-name file; throws a TypeError naming the first malformed entry. */
export function parseEstablishedNames(json: unknown): EstablishedName[] {
  if (!isRecord(json) || !Array.isArray(json.names))
    throw new TypeError('established names: expected { names: [] }');
  return json.names.map((entry: unknown, at: number): EstablishedName => {
    const where = `established names[${at}]`;
    if (!isRecord(entry)) throw new TypeError(`${where}: expected { latin, chinese, kind }`);
    const { latin, chinese, kind } = entry;
    if (
      typeof latin !== 'string' ||
      !LATIN_RE.test(latin) ||
      HAN_RE.test(latin) ||
      latin.length > MAX_NAME_LENGTH
    )
      throw new TypeError(`${where}.latin: expected a Latin name`);
    if (
      !Array.isArray(chinese) ||
      chinese.length === 0 ||
      chinese.some(
        (name) =>
          typeof name !== 'string' ||
          !HAN_RE.test(name) ||
          LATIN_RE.test(name) ||
          name.length > MAX_NAME_LENGTH,
      )
    )
      throw new TypeError(`${where}.chinese: expected a list of Chinese names`);
    if (typeof kind !== 'string' || !KINDS.has(kind))
      throw new TypeError(`${where}.kind: expected brand or seller`);
    return { latin, chinese: chinese as string[], kind: kind as EstablishedName['kind'] };
  });
}

/** Brands a name names (`EstablishedNames.brandsOf`). */
export interface KnownBrands {
  readonly all: readonly number[];
  readonly byName: readonly number[];
}

interface BrandReadings {
  readonly names: readonly NameAnalysis[];
  readonly keys: ReadonlySet<string>;
  /** Per name, the units of its distinctive part (`coreUnits`, the general descriptive words set aside). */
  readonly units: readonly (readonly string[])[];
}

/**
 * The established names of a list, looked up by a name's folded letters or by its distinctive part as written
 * (`coreUnits`, so NIKE SPORTS and 耐克体育 find NIKE 耐克, while 奈克, read as 耐克 is, does not). Compact, as every index
 * holds it: the names in one string and their keys as sorted 32-bit hashes with their brand's number (8 bytes a
 * key); a hash found is checked against the brand's names read again, which only the few brands a search meets need.
 */
export class EstablishedNames {
  /** Every brand's names, Latin first, one after another, one per line: a few hundred kilobytes, not objects. */
  readonly #names: string;
  /** Per brand, the line of its first name; one more at the end. */
  readonly #firstLine: Uint32Array;
  /** Per line, where it starts in `#names`; one more at the end. */
  readonly #lineStart: Uint32Array;
  #hashes: Uint32Array | undefined;
  #brandOfHash = new Uint32Array(0);
  readonly #readings = new Map<number, BrandReadings>();
  /** The units of each name `#readings` holds, for `namingUnits`. */
  readonly #unitsOfName = new WeakMap<NameAnalysis, readonly string[]>();
  readonly #cache = new WeakMap<NameAnalysis, { descriptive: DescriptiveWords; brands: KnownBrands }>();

  constructor(entries: readonly EstablishedName[]) {
    const lines = entries.flatMap((entry) => [entry.latin, ...entry.chinese]);
    this.#names = lines.join('\n');
    this.#firstLine = new Uint32Array(entries.length + 1);
    entries.forEach((entry, brand) => {
      this.#firstLine[brand + 1] = (this.#firstLine[brand] as number) + 1 + entry.chinese.length;
    });
    this.#lineStart = new Uint32Array(lines.length + 1);
    lines.forEach((line, at) => {
      this.#lineStart[at + 1] = (this.#lineStart[at] as number) + line.length + 1;
    });
  }

  get size(): number {
    return this.#firstLine.length - 1;
  }

  /**
   * The known brands `a` names (numbers of this list): `byName` those it names by a whole name of theirs (耐克, NIKE),
   * `all` those too that its distinctive part names (耐克体育, NIKE SPORTS). None for most names.
   */
  brandsOf(a: NameAnalysis, descriptive: DescriptiveWords): KnownBrands {
    const cached = this.#cache.get(a);
    if (cached !== undefined && cached.descriptive === descriptive) return cached.brands;
    const hashes = this.#hashes ?? this.#build();
    let brands: { all: number[]; byName: number[] } = NO_BRANDS;
    for (const key of lookupKeys(a, descriptive)) {
      const hash = fnvHash(key);
      for (let at = lowerBound(hashes, hash); at < hashes.length && hashes[at] === hash; at++) {
        const brand = this.#brandOfHash[at] as number;
        if (!this.#readingsOf(brand).keys.has(key)) continue;
        if (brands === NO_BRANDS) brands = { all: [], byName: [] };
        if (!brands.all.includes(brand)) brands.all.push(brand);
        if (key.startsWith(WHOLE_NAME) && !brands.byName.includes(brand)) brands.byName.push(brand);
      }
    }
    this.#cache.set(a, { descriptive, brands });
    return brands;
  }

  /**
   * Whether `a` may name one of `brands`: it holds, as a word or a pair of characters read alike, the first distinctive
   * unit of one of their names in its script (or is that name, where it has none). Any name that names the brand does
   * (its whole name, or its distinctive part, is theirs), so a comparison asks `brandsOf` only of the few that pass:
   * working out a name's distinctive part for every candidate of the other script was a third of a known brand's
   * search.
   */
  mayNameOneOf(a: NameAnalysis, brands: readonly number[]): boolean {
    for (const brand of brands) {
      const { names, units } = this.#readingsOf(brand);
      for (let i = 0; i < names.length; i++) {
        const name = names[i] as NameAnalysis;
        if (name.hasHan !== a.hasHan) continue;
        const unit = units[i]?.[0];
        if (unit === undefined ? name.exact === a.exact : hasUnitAmong(a, [unit])) return true;
      }
    }
    return false;
  }

  /** The word units a name that names a brand by `name` (one of `renderingsOf`) holds all of: its distinctive part's. */
  namingUnits(name: NameAnalysis): readonly string[] {
    return this.#unitsOfName.get(name) ?? generalCore(name).units;
  }

  /** The established names in the other script of the brands `a` names (none when it names none), each once. */
  renderingsOf(a: NameAnalysis, descriptive: DescriptiveWords): readonly NameAnalysis[] {
    const brands = this.brandsOf(a, descriptive).all;
    if (brands.length === 0) return NONE;
    const renderings: NameAnalysis[] = [];
    for (const brand of brands) {
      for (const name of this.#readingsOf(brand).names) {
        if (name.hasHan === a.hasHan || renderings.some((known) => known.exact === name.exact)) continue;
        renderings.push(name);
      }
    }
    return renderings;
  }

  /** Lists every key of every brand, on first use: reading some 13,000 names takes most of a second, which no index that never meets a brand should spend. */
  #build(): Uint32Array {
    const pairs: [number, number][] = [];
    // A cache of its own, let go once the keys are listed.
    const pinyin = new PinyinCache();
    for (let brand = 0; brand < this.size; brand++) {
      for (const name of this.#namesOf(brand)) {
        const analysis = analyzeName(name, pinyin);
        for (const key of brandKeys(analysis, generalCore(analysis))) pairs.push([fnvHash(key), brand]);
      }
    }
    pairs.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    const hashes = Uint32Array.from(pairs, (pair) => pair[0]);
    this.#brandOfHash = Uint32Array.from(pairs, (pair) => pair[1]);
    this.#hashes = hashes;
    return hashes;
  }

  /** A brand's names as the list writes them, the Latin one first. */
  #namesOf(brand: number): string[] {
    const names: string[] = [];
    for (let line = this.#firstLine[brand] as number; line < (this.#firstLine[brand + 1] as number); line++) {
      names.push(this.#names.slice(this.#lineStart[line], (this.#lineStart[line + 1] as number) - 1));
    }
    return names;
  }

  #readingsOf(brand: number): BrandReadings {
    let readings = this.#readings.get(brand);
    if (readings === undefined) {
      const names = this.#namesOf(brand).map((name) => analyzeName(name, READING_PINYIN));
      const cores = names.map(generalCore);
      readings = {
        names,
        keys: new Set(names.flatMap((name, i) => brandKeys(name, cores[i] as CoreUnits))),
        units: cores.map((core) => core.units),
      };
      for (let i = 0; i < names.length; i++) {
        this.#unitsOfName.set(names[i] as NameAnalysis, (cores[i] as CoreUnits).units);
      }
      this.#readings.set(brand, readings);
    }
    return readings;
  }
}

const NONE: NameAnalysis[] = [];
// The names of the brands searches meet are read through one cache: a few hundred characters at most.
const READING_PINYIN = new PinyinCache();
const NO_BRANDS: { all: number[]; byName: number[] } = { all: [], byName: [] };
const NEVER_COMMON = (): boolean => false;
/** A brand's name's distinctive part, with the general descriptive words set aside (the list is for every class). */
function generalCore(a: NameAnalysis): CoreUnits {
  return coreUnits(a, { descriptive: descriptiveWordsFor(), isCommon: NEVER_COMMON });
}

/**
 * The keys a brand's name is listed under: its whole name, and its distinctive part when that is the whole name. A
 * brand name with a descriptive word in it (CHINA MOBILE, 中国移动) is not named by its distinctive part alone (T
 * MOBILE, 某某移动), only by itself.
 */
function brandKeys(a: NameAnalysis, core: CoreUnits): string[] {
  return core.setAside ? [WHOLE_NAME + a.exact] : keysOfCore(a, core);
}

/** The keys a name is looked up by: its whole folded name, and its distinctive part in the searched classes. */
function lookupKeys(a: NameAnalysis, descriptive: DescriptiveWords): string[] {
  return keysOfCore(a, coreUnits(a, { descriptive, isCommon: NEVER_COMMON }));
}

/** The whole folded name, and its distinctive part (`core`) as written. */
function keysOfCore(a: NameAnalysis, core: CoreUnits): string[] {
  const keys = [WHOLE_NAME + a.exact];
  if (core.units.length === 0) return keys;
  const written = writtenCharacters(a);
  keys.push(`~${core.units.map((unit) => unitAsWritten(a, unit, written)).join(' ')}`);
  return keys;
}

const WHOLE_NAME = '=';

/**
 * A unit as the name writes it: a pair of characters (read `x+y` in either order) as the two characters, in the
 * order written, so that 迪奥 (DIOR) and 奥迪 (AUDI) are two brands and 奈克, read as 耐克 is, is not NIKE's name.
 */
function unitAsWritten(a: NameAnalysis, unit: string, written: readonly (string | undefined)[]): string {
  const at = unit.includes('+') ? pairAt(a, unit) : -1;
  if (at < 0) return unit;
  return `${written[at] ?? a.words[at]}${written[at + 1] ?? `+${a.words[at + 1]}`}`;
}

let shipped: EstablishedNames | undefined;

/**
 * The list that ships with the engine (`lexicon/established-names.json`), read on first use. Read from the file
 * rather than imported as JSON (as the descriptive words are): a module keeps its JSON for good, a second copy of
 * some thousands of entries in every process.
 */
export function establishedNames(): EstablishedNames {
  shipped ??= new EstablishedNames(
    parseEstablishedNames(
      JSON.parse(readFileSync(new URL('../lexicon/established-names.json', import.meta.url), 'utf8')),
    ),
  );
  return shipped;
}
