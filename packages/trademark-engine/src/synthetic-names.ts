import { pick, type Random, weighted } from './synthetic-random.ts';
import {
  ADJECTIVES,
  CHINESE_CITIES,
  CODAS,
  ENDINGS,
  FRENCH_PATTERNS,
  FRENCH_WORDS,
  GERMAN_FIRST,
  GERMAN_SECOND,
  HAN_CHARACTERS,
  HAN_SUFFIXES,
  HANGUL_NAMES,
  INDUSTRY_WORDS,
  JAPANESE_SUFFIXES,
  JAPANESE_SYLLABLES,
  JAPANESE_WORDS,
  KOREAN_SYLLABLES,
  NOUNS,
  NUCLEI,
  ONSETS,
  ROMANCE_PATTERNS,
  ROMANCE_WORDS,
  SURNAMES,
} from './synthetic-vocab.ts';

export type Style =
  | 'coined'
  | 'phrase'
  | 'german'
  | 'french'
  | 'romance'
  | 'japanese'
  | 'korean'
  | 'chinese'
  | 'stylized';

const BASE_STYLES: ReadonlyArray<readonly [Style, number]> = [
  ['coined', 34],
  ['phrase', 26],
  ['german', 4],
  ['french', 4],
  ['romance', 4],
  ['japanese', 4],
  ['korean', 2],
  ['chinese', 18],
  ['stylized', 4],
];
// Markets whose own language shapes most names filed there.
const LOCAL_STYLE: Readonly<Record<string, readonly [Style, number]>> = {
  CN: ['chinese', 0.65],
  HK: ['chinese', 0.45],
  TW: ['chinese', 0.45],
  JP: ['japanese', 0.45],
  KR: ['korean', 0.4],
  DE: ['german', 0.4],
  CH: ['german', 0.25],
  FR: ['french', 0.4],
  ES: ['romance', 0.4],
  IT: ['romance', 0.4],
  MX: ['romance', 0.3],
  BR: ['romance', 0.25],
};

const pickStyle = weighted(BASE_STYLES);

/** A name style for a mark filed in `dataset`: the local language for some markets, else the general mix. */
export function nameStyle(dataset: string, random: Random): Style {
  const local = LOCAL_STYLE[dataset];
  return local !== undefined && random() < local[1] ? local[0] : pickStyle(random());
}

/** A mark name in `style`. */
export function styleName(style: Style, random: Random): string {
  switch (style) {
    case 'coined':
      return caseOf(coined(random), random);
    case 'phrase':
      return caseOf(phrase(random), random);
    case 'german':
      return caseOf(german(random), random);
    case 'french':
      return caseOf(fill(pick(FRENCH_PATTERNS, random), FRENCH_WORDS, random), random);
    case 'romance':
      return caseOf(fill(pick(ROMANCE_PATTERNS, random), ROMANCE_WORDS, random), random);
    case 'japanese':
      return caseOf(japanese(random), random);
    case 'korean':
      return random() < 0.25 ? pick(HANGUL_NAMES, random) : caseOf(korean(random), random);
    case 'chinese':
      return chinese(random);
    case 'stylized':
      return stylized(random);
  }
}

/** Registers mostly keep marks in capitals; the rest as written. */
function caseOf(name: string, random: Random): string {
  if (random() < 0.65) return name.toUpperCase();
  let titled = '';
  let start = true;
  for (const char of name) {
    titled += start ? char.toUpperCase() : char;
    start = char === ' ' || char === '-';
  }
  return titled;
}

function coined(random: Random): string {
  const r = random();
  const syllables = r < 0.15 ? 1 : r < 0.75 ? 2 : 3;
  let word = '';
  for (let s = 0; s < syllables && word.length < 7; s++) {
    word += pick(ONSETS, random) + pick(NUCLEI, random) + pick(CODAS, random);
  }
  if (word.length < 8) word += pick(ENDINGS, random);
  return word.length < 4 ? word + pick(ONSETS, random) + pick(NUCLEI, random) : word;
}

function phrase(random: Random): string {
  const r = random();
  if (r < 0.4) return `${pick(ADJECTIVES, random)} ${pick(NOUNS, random)}`;
  if (r < 0.6) return `${pick(NOUNS, random)} ${pick(INDUSTRY_WORDS, random)}`;
  if (r < 0.7) return `${pick(ADJECTIVES, random)} ${pick(NOUNS, random)} ${pick(INDUSTRY_WORDS, random)}`;
  if (r < 0.85) return `${pick(NOUNS, random)} ${pick(NOUNS, random)}`;
  return `${coined(random)} ${pick(INDUSTRY_WORDS, random)}`;
}

function german(random: Random): string {
  const compound = pick(GERMAN_FIRST, random) + pick(GERMAN_SECOND, random);
  return random() < 0.85 ? compound : `${pick(GERMAN_FIRST, random)} ${pick(GERMAN_SECOND, random)}`;
}

function fill(pattern: string, words: readonly string[], random: Random): string {
  return pattern.replace('{w}', pick(words, random)).replace('{v}', pick(words, random));
}

function japanese(random: Random): string {
  if (random() < 0.45) return pick(JAPANESE_WORDS, random) + pick(JAPANESE_SUFFIXES, random);
  const syllables = 2 + Math.floor(random() * 3);
  let word = '';
  for (let s = 0; s < syllables; s++) word += pick(JAPANESE_SYLLABLES, random);
  return word + pick(JAPANESE_SUFFIXES, random);
}

function korean(random: Random): string {
  const name = pick(KOREAN_SYLLABLES, random) + pick(KOREAN_SYLLABLES, random);
  return random() < 0.7 ? name : `${name} ${pick(INDUSTRY_WORDS, random)}`;
}

function chinese(random: Random): string {
  const r = random();
  const length = r < 0.5 ? 2 : r < 0.85 ? 3 : 4;
  let name = '';
  for (let c = 0; c < length; c++) name += pick(HAN_CHARACTERS, random);
  return random() < 0.2 ? name + pick(HAN_SUFFIXES, random) : name;
}

function stylized(random: Random): string {
  const word = coined(random).toUpperCase();
  const r = random();
  if (r < 0.25) return `${word} ${1 + Math.floor(random() * 9)}`;
  if (r < 0.45) return `${word.charAt(0)}-${coined(random).toUpperCase()}`;
  if (r < 0.6) return `${word}+`;
  if (r < 0.75) return `${word.slice(0, 3)}&${coined(random).toUpperCase().slice(0, 3)}`;
  if (r < 0.9) return `${1 + Math.floor(random() * 99)}${word}`;
  return `${word}.${pick(['COM', 'IO', 'NET', 'APP'], random)}`;
}

/** An owner for a mark, shaped like company names where it is filed. */
export function ownerName(style: Style, name: string, dataset: string, random: Random): string {
  if (style === 'chinese') {
    const [cityZh, cityEn] = pick(CHINESE_CITIES, random);
    if (dataset === 'CN' || random() < 0.3)
      return `${cityZh}${name}${pick(['科技', '贸易', '实业'], random)}有限公司`;
    return `${cityEn} ${pick(['Technology', 'Trading', 'Industrial'], random)} Co., Ltd.`;
  }
  const base = random() < 0.35 ? name : pick(SURNAMES, random);
  switch (dataset) {
    case 'DE':
    case 'CH':
      return `${base} ${pick(['GmbH', 'AG', 'GmbH & Co. KG'], random)}`;
    case 'FR':
      return `${base} ${pick(['SAS', 'SA', 'SARL'], random)}`;
    case 'IT':
      return `${base} S.r.l.`;
    case 'ES':
    case 'MX':
      return `${base} S.L.`;
    case 'JP':
      return `${base} Kabushiki Kaisha`;
    case 'KR':
      return `${base} Co., Ltd.`;
    default:
      return `${base} ${pick(['Inc.', 'LLC', 'Ltd.', 'Corp.', 'Holdings Ltd.'], random)}`;
  }
}
