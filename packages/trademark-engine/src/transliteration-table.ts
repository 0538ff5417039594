/**
 * The sound inventory shared by both scripts, as Chinese renders foreign names: consonant classes that Mandarin
 * merges, vowel qualities, how pinyin syllables and English spellings map onto them, and what it costs to match,
 * swap or leave out each. `transliteration.ts` builds sound sequences from these tables and aligns them.
 */

// Consonant classes. Mandarin has no voicing contrast (b/p, d/t, g/k), writes j/zh/ch/q alike for Latin j and ch,
// s/sh/x for s and sh, z/c for z and ts, l for both l and r, and w for v.
export const P = 0;
export const T = 1;
export const K = 2;
export const J = 3;
export const S = 4;
export const Z = 5;
export const F = 6;
export const W = 7;
export const H = 8;
export const M = 9;
export const N = 10;
export const L = 11;
export const Y = 12;
const CLASS_COUNT = 13;

/**
 * The letter each class contributes to a transliteration key. Classes swapped for little in `CLASS_COST` share a
 * letter; h and the glide y have none, because Chinese renders them so unevenly (爱马仕 drops the h of HERMES, 希尔顿
 * writes the h of HILTON as x) that a key holding them would lose pairs.
 */
export const KEY_LETTER: readonly string[] = ['p', 't', 'k', 's', 's', 's', 'f', 'f', '', 'm', 'n', 'l', ''];
/**
 * Key letters of a Chinese initial where they differ from its class: j/q/zh/ch come from Latin j and ch but also, as
 * palatalised forms, from k and g before i (基 KI, 吉 GEE); h before the u glide (华 hua, 霍 huo) writes v and w
 * (华伦天奴 VALENTINO).
 */
export const HAN_KEY_LETTERS: Readonly<Record<string, string>> = { j: 'sk', q: 'sk', zh: 'sk', ch: 'sk' };
export const HAN_H_BEFORE_U_GLIDE = 'f';

// Cost of writing one class for another; pairs not listed cost a whole consonant (1).
const RELATED_CLASSES: ReadonlyArray<readonly [number, number, number]> = [
  [S, Z, 0.2],
  [F, W, 0.2],
  [J, S, 0.3],
  [J, Z, 0.3],
  [M, N, 0.4],
  [H, K, 0.4],
  [H, S, 0.4],
  [H, F, 0.4],
  [H, W, 0.5],
  [T, Z, 0.5],
  [J, K, 0.5],
  [F, P, 0.5],
  [N, L, 0.5],
  [W, Y, 0.5],
  [T, S, 0.6],
  [J, Y, 0.6],
  [P, M, 0.7],
  [T, L, 0.7],
  [J, T, 0.7],
];

/** Cost of one consonant class standing for another, row-major by class. */
export const CLASS_COST: Float32Array = (() => {
  const cost = new Float32Array(CLASS_COUNT * CLASS_COUNT).fill(1);
  for (let c = 0; c < CLASS_COUNT; c++) cost[c * CLASS_COUNT + c] = 0;
  for (const [a, b, value] of RELATED_CLASSES) {
    cost[a * CLASS_COUNT + b] = value;
    cost[b * CLASS_COUNT + a] = value;
  }
  return cost;
})();

export function classCost(a: number, b: number): number {
  return CLASS_COST[a * CLASS_COUNT + b] as number;
}

// Vowels are written as their quality: a, e (also the neutral ə of 克 ke), i, o, u, v (ü), and the diphthongs ai,
// ei, ao, ou. Transliterators keep the consonants more faithfully than the vowels, so even an unrelated vowel costs
// less than a consonant; how much less follows what the Xinhua table writes for each English vowel and how far apart
// the two vowels are.
/** Cost of reading a sound its second or later way (the second reading of `LATIN_VOWELS`, 佳 as the k it palatalises). */
export const OTHER_READING = 0.2;
/** The vowel qualities the tables read names as; `VOWEL_PAIR_COSTS` prices every pair of them. */
export const VOWEL_QUALITIES = ['a', 'ai', 'ao', 'e', 'ei', 'i', 'o', 'ou', 'u', 'v'] as const;
/**
 * Cost of each pair of vowel qualities (in alphabetical order). Cheapest are the Xinhua conventions: an English e
 * written with -ai or -ei (凯 KE, 莱 LE, 泰 TE, 贝 BE, 梅 ME), o with -ao or -ou (奥, 劳), i with -ei after v/w (维 VI)
 * and -ai for a long i (耐 NI-KE), and the Mandarin e of 科, 哥, 赫, 德 for an o (KO, GO, HO, DO); costliest are
 * vowels at opposite corners of the mouth (i ~ a, i ~ o), which set near-homophones apart (FENDI 芬迪, not 芬达).
 */
const VOWEL_PAIR_COSTS: Readonly<Record<string, number>> = {
  'a|ai': 0.1,
  'a|ao': 0.1,
  'a|e': 0.35,
  'a|ei': 0.35,
  'a|o': 0.35,
  'a|u': 0.45,
  'a|ou': 0.5,
  'a|i': 0.6,
  'a|v': 0.6,
  'e|ei': 0.1,
  'ai|e': 0.15,
  'e|o': 0.25,
  'e|i': 0.3,
  'e|u': 0.45,
  'e|v': 0.45,
  'e|ou': 0.5,
  'ao|e': 0.55,
  'ei|i': 0.15,
  'ai|i': 0.2,
  'i|v': 0.3,
  'i|u': 0.55,
  'i|o': 0.6,
  'i|ou': 0.6,
  'ao|i': 0.65,
  'ao|o': 0.1,
  'o|ou': 0.1,
  'o|u': 0.25,
  'ai|o': 0.55,
  'ei|o': 0.55,
  'o|v': 0.55,
  'ou|u': 0.1,
  'u|v': 0.25,
  'ao|u': 0.4,
  'ei|u': 0.5,
  'ai|u': 0.6,
  'ai|ei': 0.2,
  'ao|ou': 0.25,
  'ai|ao': 0.35,
  'ei|v': 0.45,
  'ai|ou': 0.5,
  'ao|ei': 0.5,
  'ei|ou': 0.5,
  'ou|v': 0.5,
  'ai|v': 0.6,
  'ao|v': 0.6,
};

/** Cost of one vowel quality standing for another (`VOWEL_QUALITIES`). */
export function vowelCost(a: string, b: string): number {
  if (a === b) return 0;
  const cost = VOWEL_PAIR_COSTS[a < b ? `${a}|${b}` : `${b}|${a}`];
  if (cost === undefined) throw new RangeError(`no cost for the vowel qualities ${a} and ${b}`);
  return cost;
}

// ---- Chinese: pinyin syllables -------------------------------------------------------------------------------------

export const PINYIN_INITIALS = [
  'zh',
  'ch',
  'sh',
  'b',
  'p',
  'm',
  'f',
  'd',
  't',
  'n',
  'l',
  'g',
  'k',
  'h',
  'j',
  'q',
  'x',
  'r',
  'z',
  'c',
  's',
] as const;

export const INITIAL_CLASS: Readonly<Record<string, number>> = {
  b: P,
  p: P,
  d: T,
  t: T,
  g: K,
  k: K,
  j: J,
  q: J,
  zh: J,
  ch: J,
  x: S,
  s: S,
  sh: S,
  z: Z,
  c: Z,
  f: F,
  h: H,
  m: M,
  n: N,
  l: L,
  r: L,
};

/** A final (rime) as sounds: an optional medial glide, the vowel quality, an optional coda class. */
export interface Rime {
  readonly glide?: number;
  readonly vowel: string;
  readonly coda?: number;
}

export const RIMES: Readonly<Record<string, Rime>> = {
  a: { vowel: 'a' },
  o: { vowel: 'o' },
  e: { vowel: 'e' },
  ai: { vowel: 'ai' },
  ei: { vowel: 'ei' },
  ao: { vowel: 'ao' },
  ou: { vowel: 'ou' },
  an: { vowel: 'a', coda: N },
  en: { vowel: 'e', coda: N },
  ang: { vowel: 'a', coda: N },
  eng: { vowel: 'e', coda: N },
  ong: { vowel: 'o', coda: N },
  er: { vowel: 'e', coda: L },
  i: { vowel: 'i' },
  ia: { glide: Y, vowel: 'a' },
  ie: { glide: Y, vowel: 'e' },
  iao: { glide: Y, vowel: 'ao' },
  iu: { glide: Y, vowel: 'ou' },
  io: { glide: Y, vowel: 'o' },
  ian: { glide: Y, vowel: 'e', coda: N },
  iang: { glide: Y, vowel: 'a', coda: N },
  iong: { glide: Y, vowel: 'o', coda: N },
  in: { vowel: 'i', coda: N },
  ing: { vowel: 'i', coda: N },
  u: { vowel: 'u' },
  ua: { glide: W, vowel: 'a' },
  uo: { glide: W, vowel: 'o' },
  uai: { glide: W, vowel: 'ai' },
  ui: { glide: W, vowel: 'ei' },
  uan: { glide: W, vowel: 'a', coda: N },
  un: { glide: W, vowel: 'e', coda: N },
  uang: { glide: W, vowel: 'a', coda: N },
  ueng: { glide: W, vowel: 'e', coda: N },
  v: { vowel: 'v' },
  ve: { glide: Y, vowel: 'e' },
  van: { glide: Y, vowel: 'a', coda: N },
  vn: { vowel: 'v', coda: N },
};

/** Syllables spelt with y or w for a missing initial, as the rime they stand for and the glide they begin with. */
export const ZERO_INITIAL: Readonly<Record<string, readonly [string, number | null]>> = {
  yi: ['i', null],
  yin: ['in', null],
  ying: ['ing', null],
  yu: ['v', null],
  yue: ['ve', null],
  yuan: ['van', null],
  yun: ['vn', null],
  ya: ['a', Y],
  yao: ['ao', Y],
  ye: ['e', Y],
  you: ['ou', Y],
  yan: ['en', Y],
  yang: ['ang', Y],
  yong: ['ong', Y],
  yo: ['o', Y],
  wu: ['u', null],
  wa: ['a', W],
  wo: ['o', W],
  wai: ['ai', W],
  wei: ['ei', W],
  wan: ['an', W],
  wen: ['en', W],
  wang: ['ang', W],
  weng: ['eng', W],
};

/**
 * Whether a syllable is one Chinese uses for a bare consonant (克 ke for k, 斯 si for s, 特 te, 德 de, 夫 fu, 姆 mu,
 * 布 bu, 尔 er): the neutral e after any initial, the "empty" i after the sibilants and r, u after the labials, and
 * i after j/q/x (吉 ji, 奇 qi, 西 xi end many names). Its vowel costs next to nothing when left out, and in a key
 * its consonant is optional.
 */
export function isBareConsonantSyllable(initial: string, rime: string): boolean {
  if (rime === 'er' && initial === '') return true;
  if (initial === '') return false;
  if (rime === 'e') return true;
  if (rime === 'i') return 'z c s zh ch sh r j q x'.split(' ').includes(initial);
  return rime === 'u' && 'bpmf'.includes(initial);
}

// ---- Latin: English-style spelling -------------------------------------------------------------------------------

/**
 * Vowel letters and pairs as the qualities a transliterator may hear in them; an unlisted pair is two vowels. Single
 * letters are read short here; `LATIN_LONG_VOWELS` and `LATIN_CLOSED_U` add the readings of their contexts.
 */
export const LATIN_VOWELS: Readonly<Record<string, readonly string[]>> = {
  a: ['a'],
  e: ['e'],
  i: ['i'],
  o: ['o'],
  u: ['u'],
  y: ['i', 'ai'],
  ai: ['ai', 'ei'],
  ay: ['ai', 'ei'],
  au: ['ao', 'o'],
  aw: ['o', 'ao'],
  ea: ['i', 'e'],
  ee: ['i'],
  ei: ['ei', 'ai', 'i'],
  ey: ['ei', 'i'],
  eu: ['u', 'ou'],
  ew: ['u'],
  ie: ['i', 'ai'],
  oa: ['o', 'ou'],
  oo: ['u'],
  ou: ['ao', 'ou', 'u'],
  ow: ['ao', 'ou'],
  ue: ['u'],
  ui: ['ei', 'i'],
};

/** The long reading of a vowel letter before a consonant and a silent e (NIKE, DOVE) or at the end (LEGO). */
export const LATIN_LONG_VOWELS: Readonly<Record<string, string>> = {
  a: 'ei',
  e: 'i',
  i: 'ai',
  o: 'ou',
  u: 'ou',
};
/** u in a closed syllable is an a (BUCK 巴克, SUBWAY 赛百味). */
export const LATIN_CLOSED_U = 'a';

/**
 * Aspiration of the stops and affricates, by Latin spelling and by pinyin initial (1 aspirated or voiceless, 0 not).
 * Mandarin has no voiced stops; transliterators write the voiced b, d, g, j of English with its unaspirated 布, 德, 格,
 * 杰 and the voiceless p, t, k, ch with its aspirated 普, 特, 克, 奇. Classes merge the two (a brand may write PEPSI
 * 百事), so a mismatch costs `ASPIRATION_COST`, less than a vowel: enough to tell BUICK 别克 from PEAK 匹克 and GUCCI 古驰
 * from COACH 蔻驰.
 */
export const ASPIRATED: Readonly<Record<string, 0 | 1>> = {
  b: 0,
  d: 0,
  g: 0,
  j: 0,
  z: 0,
  zh: 0,
  dg: 0,
  gh: 0,
  p: 1,
  t: 1,
  k: 1,
  c: 1,
  q: 1,
  ck: 1,
  ch: 1,
  tch: 1,
  x: 1,
  tz: 1,
};
export const ASPIRATION_COST = 0.3;

/** Consonant spellings of more than one letter, longest first, as the classes they may stand for. */
export const LATIN_DIGRAPHS: ReadonlyArray<readonly [string, readonly number[]]> = [
  ['tch', [J]],
  ['sch', [S]],
  ['ch', [J, S]],
  ['ph', [F]],
  ['th', [T, S]],
  ['sh', [S]],
  ['zh', [J]],
  ['ck', [K]],
  ['wh', [W]],
  ['dg', [J]],
  ['tz', [Z]],
];

/** Single consonant letters; c and g depend on the next letter and are handled where they are read. */
export const LATIN_CONSONANTS: Readonly<Record<string, readonly number[]>> = {
  b: [P],
  p: [P],
  d: [T],
  t: [T],
  k: [K],
  q: [K],
  j: [J],
  s: [S],
  z: [Z, S],
  f: [F],
  v: [F, W],
  w: [W],
  h: [H],
  m: [M],
  n: [N],
  l: [L],
  r: [L],
  y: [Y],
};

// ---- What leaving a sound out costs --------------------------------------------------------------------------------

/** A consonant before its vowel: the syllable's onset, which a transliteration keeps. */
export const FIRM = 1;
/** Latin consonants Chinese drops or folds into a syllable: after a vowel (r, l, nasals, s) or in a cluster. */
export const DROPPED_R = 0.15;
export const DROPPED_H = 0.25;
export const DROPPED_L = 0.3;
export const DROPPED_GLIDE = 0.3;
export const DROPPED_NASAL = 0.2;
export const DROPPED_FINAL_S = 0.35;
export const DROPPED_CODA = 0.3;
/** An h before a vowel: French and Italian names lose it, English ones keep it (海尔 HAIER, 爱马仕 HERMES). */
export const DROPPED_ONSET_H = 0.35;
/** A Latin vowel Chinese leaves out. */
export const DROPPED_VOWEL = 0.35;
/** A full Chinese vowel with nothing on the Latin side: a syllable the Latin name does not have. */
export const ADDED_VOWEL = 0.5;
/** The silent final e (NIKE, DOVE), which a transliteration may still voice (耐克), so it costs little. */
export const SILENT_E = 0.1;
/** The vowel of a bare-consonant syllable (斯 si, 克 ke), and of the j/q/x + i ones. */
export const BARE_VOWEL = 0.05;
export const BARE_I_VOWEL = 0.12;
/** The consonant of a bare-consonant syllable when the Latin name has nothing there. */
export const ADDED_BARE_CONSONANT = 0.6;
/** The glide after a Chinese initial (qiao, guo) and the y- or w- that begins a syllable. */
export const MEDIAL_GLIDE = 0.05;
export const ADDED_GLIDE = 0.3;
/** The -n/-ng of a Chinese syllable and the r of 尔 er. */
export const ADDED_CODA = 0.45;

/**
 * Characters Chinese uses to write foreign sounds: those of the Xinhua transliteration tables for personal and place
 * names, and the auspicious ones brands pick for the same syllables (耐, 驰, 仕, 宝, 蔻). A Chinese mark is read as a
 * transliteration only when all its characters are among them; names written for their meaning
 * (华美, 金龙) are not, which keeps FANTA away from 方太 and the index from comparing every Latin name with them.
 */
export const TRANSLITERATION_CHARACTERS: ReadonlySet<string> = new Set(
  (
    '阿埃艾爱安昂奥澳巴拜班邦保鲍贝倍本比彼毕碧宾波玻伯博布步查彻驰达戴黛丹道德迪蒂丁东杜多厄恩尔法凡范菲斐费' +
    '芬丰佛弗伏福富盖甘冈高戈哥格贡古瓜圭哈海汉豪赫亨洪胡华怀惠霍基吉加佳嘉贾杰捷金卡凯坎康考柯科可克肯库夸' +
    '奎昆拉莱赖兰朗浪劳乐勒雷蕾里理利力莉丽列林琳隆卢鲁路露伦罗洛萝马玛迈麦曼芒梅美门蒙盟米密明摩莫墨默姆穆' +
    '纳娜乃奈耐南内尼妮宁纽努诺欧帕潘庞佩彭皮匹珀普奇齐琪恰乔切钦琼丘萨塞赛桑瑟森沙莎尚舍圣施什诗史士仕舒斯' +
    '司思丝松苏索塔泰坦汤唐陶特提汀通图托瓦万旺威韦维唯魏温文沃乌伍西希锡席夏肖谢辛休许雅亚扬耶伊易意英尤优' +
    '于约泽扎詹兹佐卓翁逊孚茨蔻芙娅宝仑伦奔瑞逸迦妃菲儿顿浦立百得赛飞' +
    // The rest of the Xinhua English-Chinese transliteration table (英汉译音表) and its women's-name characters.
    '派平登滕廷根孔武方冯欣杭申雄察策措楚蔡灿岑仓聪祖宰赞曾津藏宗朱真姜钱琴昌嫩农龙延因永夫茜薇娃珊婷芭'
  ).split(''),
);
/** Share of a Chinese mark's characters that must be transliteration characters. */
export const TRANSLITERATION_CHARACTER_SHARE = 1;
