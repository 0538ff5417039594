import { describe, expect, it } from 'vitest';
import { analyzeName } from './analyze.ts';
import { descriptiveWordsFor } from './descriptive.ts';
import { OsaMatcher } from './edit-distance.ts';
import { EstablishedNames } from './established-names.ts';
import { PinyinCache } from './pinyin.ts';
import { mulberry32 } from './prng.ts';
import { HIGH_RISK_SCORE, SCORE_FLOOR } from './score.ts';
import { maxEditsForScore } from './spelling.ts';
import {
  candidateQuery,
  HALVES_MAX_LENGTH,
  nearKeys,
  queryNearKeys,
  queryTerms,
  similarityFloor,
  swappedNames,
  termText,
  wellFormed,
  wordSet,
} from './sql-candidates.ts';

/** pg_trgm's `similarity()` for one word of letters: trigrams of "  word ", shared over all. */
function pgSimilarity(a: string, b: string): number {
  const grams = (word: string): Set<string> => {
    const padded = `  ${word} `;
    return new Set(Array.from({ length: padded.length - 2 }, (_, i) => padded.slice(i, i + 3)));
  };
  const x = grams(a);
  const y = grams(b);
  const shared = [...x].filter((gram) => y.has(gram)).length;
  return shared / (x.size + y.size - shared);
}

const LETTERS = 'abcdefghiklmnoprstuy';

function edit(word: string, random: () => number): string {
  const at = Math.floor(random() * word.length);
  const letter = LETTERS[Math.floor(random() * LETTERS.length)] as string;
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + letter + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + letter + word.slice(at);
    case 2:
      return word.length > 1 ? word.slice(0, at) + word.slice(at + 1) : word;
    default:
      return at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word;
  }
}

/**
 * A random query of `minLength` to `maxLength` letters and a name up to `maxEdits` random edits from it, when the
 * name is within the edits `floor` allows at their length (`maxEditsForScore`); undefined otherwise.
 */
function pairWithinReach(
  random: () => number,
  floor: number,
  lengths: { readonly min: number; readonly max: number },
  maxEdits: number,
): { query: string; name: string } | undefined {
  const length = lengths.min + Math.floor(random() * (lengths.max - lengths.min + 1));
  const query = Array.from({ length }, () => LETTERS[Math.floor(random() * LETTERS.length)]).join('');
  let name = query;
  const edits = Math.floor(random() * (maxEdits + 1));
  for (let i = 0; i < edits; i++) name = edit(name, random);
  const distance = new OsaMatcher(query).distance(
    Uint16Array.from(name, (c) => c.charCodeAt(0)),
    0,
    name.length,
  );
  return distance > maxEditsForScore(floor, Math.max(query.length, name.length))
    ? undefined
    : { query, name };
}

describe('the PostgreSQL mode (sql-search.ts)', () => {
  it('looks trigrams up at a similarity every name within the allowed edits reaches', () => {
    const random = mulberry32(11);
    let checked = 0;
    for (let round = 0; round < 20_000; round++) {
      const pair = pairWithinReach(random, SCORE_FLOOR, { min: 2, max: 17 }, 3);
      if (pair === undefined) continue;
      const { query, name } = pair;
      checked++;
      const found =
        pgSimilarity(query, name) >= similarityFloor(SCORE_FLOOR, query.length) ||
        swappedNames(SCORE_FLOOR, query).includes(name);
      expect(found, `${query} → ${name}`).toBe(true);
    }
    expect(checked).toBeGreaterThan(5_000);
  });

  it('finds every name within the allowed edits by near keys, wherever it looks them up', () => {
    const random = mulberry32(12);
    const checked = { [SCORE_FLOOR]: 0, [HIGH_RISK_SCORE]: 0 };
    for (let round = 0; round < 40_000; round++) {
      const floor = round % 2 === 0 ? SCORE_FLOOR : HIGH_RISK_SCORE;
      const pair = pairWithinReach(random, floor, { min: 1, max: 26 }, 2);
      if (pair === undefined) continue;
      const { query, name } = pair;
      const keys = queryNearKeys(floor, query);
      if (keys === undefined) continue;
      checked[floor]++;
      const listed = new Set(nearKeys(name));
      expect(
        keys.some((key) => listed.has(key)),
        `${query} → ${name}`,
      ).toBe(true);
    }
    expect(checked[SCORE_FLOOR]).toBeGreaterThan(4_000);
    expect(checked[HIGH_RISK_SCORE]).toBeGreaterThan(8_000);
  });

  it("finds a name whose first half holds both edits by its end, even across a swap at the name's middle", () => {
    const query = queryNearKeys(HIGH_RISK_SCORE, 'bellordelstella') ?? [];
    // BELLORD | ELSTELLA with two letters changed in the first half; then one changed and D, E swapped across.
    for (const name of ['bxllodrelstella', 'pelloredlstella']) {
      const shared = nearKeys(name).filter((key) => query.includes(key));
      expect(shared, name).toEqual(['>lstella']);
    }
  });

  it('looks a query up by near keys only where every name within reach is listed under them', () => {
    // At the floor of 50, two edits are allowed from nine letters on, and a name of nine is listed whole only.
    expect(queryNearKeys(SCORE_FLOOR, 'nikee')).toBeDefined();
    expect(queryNearKeys(SCORE_FLOOR, 'bellavino')).toBeUndefined();
    // At 60, one edit up to twelve letters, two from thirteen, listed by halves.
    expect(queryNearKeys(HIGH_RISK_SCORE, 'bellavino')).toBeDefined();
    expect(queryNearKeys(HIGH_RISK_SCORE, 'xianghuanghui')).toBeDefined();
    expect(queryNearKeys(HIGH_RISK_SCORE, 'x'.repeat(HALVES_MAX_LENGTH))).toBeUndefined();
    expect(nearKeys('x'.repeat(HALVES_MAX_LENGTH + 1))).toEqual([]);
  });

  it('keeps near keys well-formed when a letter left out is half of a surrogate pair', () => {
    const keys = nearKeys('a😀b');
    expect(keys).toContain(':a\uFFFDb');
    for (const key of keys) expect(key).toBe(wellFormed(key));
  });

  it('looks up names the query begins at that similarity too', () => {
    for (const [query, name] of [
      ['bella', 'bellahomes'],
      ['quintavo', 'quintavogroup'],
    ] as const) {
      expect(pgSimilarity(query, name)).toBeGreaterThanOrEqual(similarityFloor(SCORE_FLOOR, query.length));
    }
  });

  it('looks up a short query with two letters swapped as a whole name, where no trigram is left in common', () => {
    expect(pgSimilarity('ucc', 'cuc')).toBe(0);
    expect(swappedNames(SCORE_FLOOR, 'ucc')).toEqual(['cuc', 'ucc']);
    expect(swappedNames(SCORE_FLOOR, 'nikee')).toEqual([]);
  });

  it('never looks up below 0.1, where a shared trigram is chance', () => {
    for (let length = 1; length < 40; length++)
      expect(similarityFloor(SCORE_FLOOR, length)).toBeGreaterThanOrEqual(0.1);
  });

  it("splits the query's words as the in-memory search does and writes terms with their kind", () => {
    const q = analyzeName('Bella Home', new PinyinCache());
    const terms = queryTerms(q, {
      descriptive: descriptiveWordsFor([20]),
      isCommon: (unit) => unit === 'home',
    });
    expect(terms.coreWords).toEqual(['w:bella']);
    expect(terms.allWords).toEqual(['w:bella', 'w:home']);
    expect(terms.keys).toContain(termText('name', 'bellahome'));
    // A beginning of the query long enough for containment is looked up as a whole name.
    expect(terms.keys).toContain('n:bella');
    // Chinese names whose skeleton this Latin one matches, apart: the search scores what only they reach first.
    expect(terms.skeletons.some((key) => key.startsWith('h:'))).toBe(true);
    expect(terms.keys.some((key) => key.startsWith('h:'))).toBe(false);
  });

  it('passes the query and the registers as parameters, never in the statement', () => {
    const hostile = "x'; DROP TABLE marks; --";
    const q = analyzeName(hostile, new PinyinCache());
    const terms = queryTerms(q, { descriptive: descriptiveWordsFor(), isCommon: () => false });
    const { text, params } = candidateQuery('trademark_search_keys', SCORE_FLOOR, q.visual, terms, ["US'--"]);
    expect(text).not.toContain('DROP');
    expect(text).not.toContain("US'");
    expect(params[0]).toEqual(["US'--"]);
    expect(params[1]).toBe(q.visual);
  });

  it("finds names made of the query's words by their sets of words, whatever their order", () => {
    const q = analyzeName('Bella Home Garden', new PinyinCache());
    const terms = queryTerms(q, { descriptive: descriptiveWordsFor(), isCommon: () => false });
    const { params } = candidateQuery('trademark_search_keys', SCORE_FLOOR, q.visual, terms, undefined);
    const sets = params[4] as string[];
    expect(sets).toHaveLength(7);
    expect(sets).toContain(wordSet(['w:home', 'w:bella']));
    expect(sets).toContain(wordSet(['w:garden']));
    expect(wordSet(['w:b', 'w:a', 'w:b'])).toBe('w:a\nw:b');
  });

  it('looks up the established names of a known brand the query names by their keys and words', () => {
    const pinyin = new PinyinCache();
    const q = analyzeName('STARBUCKS', pinyin);
    const weak = { descriptive: descriptiveWordsFor(), isCommon: () => false };
    const plain = queryTerms(q, weak);
    const known = queryTerms(
      q,
      weak,
      new EstablishedNames([{ latin: 'STARBUCKS', chinese: ['星巴克'], kind: 'brand' }]),
    );
    expect(plain.renderingWords).toEqual([]);
    expect(known.renderingWords).toEqual(['w:ba+xing', 'w:ba+ke']);
    expect(known.keys).toContain(termText('name', analyzeName('星巴克', pinyin).visual));
    expect(known.keys.length).toBe(plain.keys.length + 1);
    const { params } = candidateQuery('trademark_search_keys', SCORE_FLOOR, q.visual, known, undefined);
    expect(params[12]).toEqual(known.renderingWords);
  });
});
