import { doubleMetaphone } from 'double-metaphone';
import { BoundedMemo } from './bounded-memo.ts';

const NON_LETTER_RE = /[^a-z]/g;
const NON_DIGIT_RE = /[^0-9]/g;
const HAS_DIGIT_RE = /[0-9]/;
const LETTERS_ONLY_RE = /^[a-z]+$/;
const VOWEL_RE = /[aeiouy]/;
/**
 * A word that begins with x and a consonant is read as if it began with ex: brands write EXPRESS, EXTREME and
 * EXPERT as XPRESS, XTREME and XPERT, and say them alike (a lone x before a vowel, y included, is a z: XENA,
 * XEROX, XYLO).
 */
const X_FOR_EX_RE = /^x[bcdfghjklmnpqrstvwz]/;

/** The spelling a word is heard by: XPRESS as EXPRESS (`X_FOR_EX_RE`). */
export function spokenSpelling(letters: string): string {
  return X_FOR_EX_RE.test(letters) ? `e${letters}` : letters;
}

// Vowel spellings grouped by the sound they usually make in a brand name. Double Metaphone keeps only consonants, so
// DIAMOND and DOMINATE share a key; the vowels tell them apart while KWIK and QUICK still agree.
const VOWEL_GROUPS: Readonly<Record<string, string>> = {
  a: 'A',
  e: 'E',
  i: 'I',
  y: 'I',
  o: 'O',
  u: 'U',
  ai: 'E',
  ay: 'E',
  ei: 'E',
  ey: 'E',
  ee: 'I',
  ea: 'I',
  ie: 'I',
  oa: 'O',
  oe: 'O',
  ow: 'O',
  au: 'O',
  aw: 'O',
  oi: 'O',
  oy: 'O',
  oo: 'U',
  ou: 'U',
  ue: 'U',
  ui: 'U',
  ew: 'U',
  iew: 'U',
  eu: 'U',
};

// A vowel made long by a silent final e, written as a digraph of the same sound.
const LONG_VOWEL: Readonly<Record<string, string>> = { a: 'ai', e: 'ee', i: 'i', o: 'oa', u: 'ue', y: 'y' };
// A silent e inside a word, where a compound's first part ends (LITEWAY, SAFEWAY, NITESTAR): after a consonant, one
// vowel and one consonant, before one or two consonants and a vowel. Before an r the e is voiced (MATERIAL, GENERAL).
const CONSONANT = '[bcdfghjklmnpqrstvwxz]';
const VOWEL_THEN_CONSONANT = '([aeiouy])([bcdfgklmnpstvz])';
const AFTER_INNER_E = '(?=[bcdfghjklmnpqstvwz]{1,2}[aeiouy])';
const INNER_SILENT_E_RE = new RegExp(`(?<=${CONSONANT})${VOWEL_THEN_CONSONANT}e${AFTER_INNER_E}`, 'g');
const INNER_SILENT_E_AT_RE = new RegExp(`^${CONSONANT}${VOWEL_THEN_CONSONANT}e${AFTER_INNER_E}`);
const longBeforeSilentE = (_match: string, vowel: string, consonant: string): string =>
  (LONG_VOWEL[vowel] ?? vowel) + consonant;

/** Whether the e at `at` in `word` is the silent e that ends a compound's first part (SAFEWAY, not MATERIAL). */
export function innerSilentE(word: string, at: number): boolean {
  return at >= 3 && word.charAt(at) === 'e' && INNER_SILENT_E_AT_RE.test(word.slice(at - 3));
}

/**
 * The vowel sounds of a Latin word as a string of classes A E I O U. Spellings that hide a vowel are undone first:
 * `qu` is /kw/, `igh` is a long i (NIGHT ~ NITE), a final e after a consonant is silent (LITE, FONE) and lengthens
 * the vowel before it.
 */
export function vowelSkeleton(word: string): string {
  let w = LETTERS_ONLY_RE.test(word) ? word : word.replace(NON_LETTER_RE, '');
  if (w.includes('qu')) w = w.replace(/qu/g, 'kw');
  if (w.includes('igh')) w = w.replace(/eigh/g, 'ei').replace(/igh/g, 'i');
  // A final e after a consonant is silent; after a single vowel and a single consonant it makes that vowel long
  // (LITE, FONE, KREME, PARADE), so the vowel is rewritten as the digraph that sounds the same (KREME ~ CREAM).
  if (w.length > 2 && w.endsWith('e') && !VOWEL_RE.test(w.charAt(w.length - 2))) {
    w = w.slice(0, -1);
    const vowel = w.charAt(w.length - 2);
    if (w.length >= 2 && VOWEL_RE.test(vowel) && !VOWEL_RE.test(w.charAt(w.length - 3))) {
      w = w.slice(0, -2) + (LONG_VOWEL[vowel] ?? vowel) + w.charAt(w.length - 1);
    }
  }
  // The same silent e where a compound's first part ends inside the word (LITEWAY ~ LIGHTWAY: `INNER_SILENT_E_RE`).
  if (w.length > 4 && w.includes('e', 2)) w = w.replace(INNER_SILENT_E_RE, longBeforeSilentE);
  let skeleton = '';
  let i = 0;
  while (i < w.length) {
    const isVowel = VOWEL_RE.test(w.charAt(i)) && !(i === 0 && w.charAt(i) === 'y');
    if (!isVowel) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < w.length && VOWEL_RE.test(w.charAt(end))) end++;
    if (w.charAt(end) === 'w') end++;
    skeleton += vowelGroupClass(w.slice(i, end));
    i = end;
  }
  return skeleton;
}

function vowelGroupClass(group: string): string {
  const known = VOWEL_GROUPS[group];
  if (known !== undefined) return known;
  const first = VOWEL_GROUPS[group.charAt(0)] ?? '';
  // Two vowels that are not a known digraph are two syllables (radio, diamond); longer runs count as one.
  if (group.length === 2) return first + (VOWEL_GROUPS[group.charAt(1)] ?? '');
  return first;
}

export interface SoundKeys {
  /** Distinct Double Metaphone keys of the whole name (primary, then alternate), word keys joined. */
  readonly metaphone: readonly string[];
  /** The same keys each followed by the vowel skeleton: equal sound keys mean the names sound alike. */
  readonly sound: readonly string[];
  readonly vowels: string;
}

const NO_SOUND: SoundKeys = { metaphone: [], sound: [], vowels: '' };

interface WordSound {
  readonly primary: string;
  readonly alternate: string;
  readonly vowels: string;
}

// Words repeat across names far more than names do, and Double Metaphone is the costly step of analysing a name, so
// its result is kept per word. Frequent words stay across the memo's turnover, and they are most of a register's
// words; the bound is small because a word costs some 130 bytes here (the 200,000 once kept held 27 MB of a million
// marks' 240; at 4,096 a bulk load of a million marks takes no longer than at 200,000).
const wordSounds = new BoundedMemo<string, WordSound>(4_096);

function wordSound(word: string): WordSound | null {
  let sound = wordSounds.get(word);
  if (sound !== undefined) return sound;
  // Digits are kept as they are: 7UP and UP do not sound alike, and neither do 65KRELT and GRELT.
  const digits = HAS_DIGIT_RE.test(word) ? word.replace(NON_DIGIT_RE, '') : '';
  const letters = LETTERS_ONLY_RE.test(word) ? word : word.replace(NON_LETTER_RE, '');
  if (letters.length === 0 && digits.length === 0) return null;
  const spoken = spokenSpelling(letters);
  const [primary, alternate] = spoken.length === 0 ? ['', ''] : doubleMetaphone(spoken);
  sound = { primary: digits + primary, alternate: digits + alternate, vowels: vowelSkeleton(spoken) };
  wordSounds.set(word, sound);
  return sound;
}

/** Sound keys of a Latin name from its words; names without Latin letters have none. */
export function soundKeys(words: readonly string[]): SoundKeys {
  let primary = '';
  let alternate = '';
  let vowels = '';
  for (const word of words) {
    const sound = wordSound(word);
    if (sound === null) continue;
    primary += sound.primary;
    alternate += sound.alternate;
    vowels += sound.vowels;
  }
  // Without a set: a search reads the keys of thousands of names.
  const metaphone: string[] = [];
  if (primary !== '') metaphone.push(primary);
  if (alternate !== '' && alternate !== primary) metaphone.push(alternate);
  if (metaphone.length === 0) return NO_SOUND;
  return { metaphone, sound: metaphone.map((key) => `${key}|${vowels}`), vowels };
}
