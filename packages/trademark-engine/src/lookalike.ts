// Digits that stand in for letters, and Cyrillic and Greek letters that print like Latin ones. Capital I and
// lower-case l are one glyph in many fonts, so i, l and 1 all meet at l.
const CHARACTER_FOLDS: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'l',
  i: 'l',
  '2': 'z',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '6': 'b',
  '7': 't',
  '8': 'b',
  '9': 'g',
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  і: 'l',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'l',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
};

// Symbols that stand in for letters ($AMSUNG); spelling drops them, so they only count in the whole-name key.
const SYMBOL_FOLDS: Readonly<Record<string, string>> = {
  $: 's',
  '@': 'a',
  '€': 'e',
  '£': 'l',
  '¥': 'y',
  '|': 'l',
  '!': 'l',
};

// Chinese characters that differ by a stroke or two, as knock-offs use them (康帅傅 for 康师傅, 雷碧 for 雪碧, 粤利粤
// for 奥利奥); each maps to the one it imitates, for the whole-name key only.
const HAN_FOLDS: Readonly<Record<string, string>> = {
  帅: '师',
  雷: '雪',
  粤: '奥',
  太: '大',
  犬: '大',
  夭: '天',
  玉: '王',
  主: '王',
  曰: '日',
  已: '己',
  巳: '己',
  末: '未',
  士: '土',
  入: '人',
  干: '千',
  于: '千',
  自: '白',
  见: '贝',
  由: '田',
  甲: '田',
  申: '田',
  午: '牛',
  鸟: '乌',
  卖: '买',
  汩: '汨',
  徽: '微',
  輪: '轮',
};

// Several characters standing for one they resemble in print, applied after the single characters.
const SEQUENCE_FOLDS: ReadonlyArray<readonly [string, string]> = [
  ['rn', 'm'],
  ['vv', 'w'],
  ['cl', 'd'],
];

const KEPT_RE = /[\p{L}\p{N}]/u;
const NOT_KEPT_RE = /[^\p{L}\p{N}]/gu;
const FOLDABLE_RE = /[0-9iавеёіјкмнорстухѕαβεικνορτυχ]/;
const SYMBOL_RE = /[$@€£¥|!]/;
const HAN_FOLDABLE_RE = new RegExp(`[${Object.keys(HAN_FOLDS).join('')}]`);

/**
 * A compact name with look-alike characters folded one for one (G00GLE, GOOG1E → google with l for i): the same
 * length as its input, so an edit distance between two folded names never exceeds the one between the names. The
 * index counts grams of this form and spelling compares it.
 */
export function foldLookalikes(compact: string): string {
  if (!FOLDABLE_RE.test(compact)) return compact;
  let folded = '';
  for (const char of compact) folded += CHARACTER_FOLDS[char] ?? char;
  return folded;
}

/**
 * The whole printed shape of a folded name, for equality only: symbols read as letters and character sequences that
 * look like one letter (rn/m, vv/w, cl/d) are folded too, and Chinese characters that differ by a stroke; spaces
 * and punctuation are dropped. $AMSUNG and SAMSUNG, RNICROSOFT and MICROSOFT, 雷碧 and 雪碧 share it. `compact` is
 * the folded name without spaces and punctuation, when the caller has it already.
 */
export function lookalikeKey(folded: string, compact = folded.replace(NOT_KEPT_RE, '')): string {
  let key = '';
  if (!SYMBOL_RE.test(folded)) {
    // No symbol to read: the letters and digits of the name are the whole shape.
    key = foldLookalikes(compact);
    if (HAN_FOLDABLE_RE.test(key)) key = Array.from(key, (char) => HAN_FOLDS[char] ?? char).join('');
  } else {
    for (const char of folded) {
      const mapped = SYMBOL_FOLDS[char] ?? CHARACTER_FOLDS[char] ?? HAN_FOLDS[char];
      if (mapped !== undefined) key += mapped;
      else if (KEPT_RE.test(char)) key += char;
    }
  }
  for (const [from, to] of SEQUENCE_FOLDS) if (key.includes(from)) key = key.split(from).join(to);
  return key;
}
