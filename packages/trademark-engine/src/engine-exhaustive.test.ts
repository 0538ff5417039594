import { describe, expect, it } from 'vitest';
import { analyzeName } from './analyze.ts';
import { type IndexOptions, TrademarkIndex } from './engine.ts';
import { generateMarks } from './generate-marks.ts';
import { mulberry32 } from './prng.ts';
import { compareNames, HIGH_RISK_SCORE, SCORE_FLOOR } from './score.ts';
import { readTransliterationSet, transliterationMarks } from './transliteration-set.ts';
import type { MarketEffect, MarkRecord } from './types.ts';

/** The effect rule stated plainly, mark by mark, as the reference the index must agree with. */
function hasEffect(effect: MarketEffect, mark: MarkRecord): boolean {
  if (effect.registers.includes(mark.dataset)) return true;
  if (!effect.designatingRegisters.includes(mark.dataset)) return false;
  return (mark.designations ?? []).some((code) => effect.designations.includes(code));
}

// The index prunes candidates by counts derived from the score floor; this checks that pruning never loses a mark a
// full scan with the same scoring would report, and never changes a score.
describe('TrademarkIndex against a full scan', () => {
  // A full scan of 4,000 names per query takes a few seconds on a busy machine.
  it('reports exactly the marks at or above the floor, with the same scores', { timeout: 60_000 }, () => {
    const scan = fullScan(generateMarks({ count: 4000, seed: 21 }), { singleSignalFloor: SCORE_FLOOR });
    for (const { text, classes } of variedQueries(scan.names, 80)) {
      expect(scan.found(text, classes), text).toEqual(scan.expected(text, classes));
    }
  });

  // By default a name only its spelling brings to 50-60 is not read (`singleSignalFloor`): from high risk up the answer
  // is the full scan's, and below it every mark listed has the full scan's score.
  it('by default, reports exactly the marks from high risk up, and below it only true scores', {
    timeout: 60_000,
  }, () => {
    const scan = fullScan(generateMarks({ count: 4000, seed: 21 }));
    let belowHighRisk = 0;
    for (const { text, classes } of variedQueries(scan.names, 80)) {
      const found = scan.found(text, classes);
      const expected = scan.expected(text, classes);
      expect(atLeast(found, HIGH_RISK_SCORE), text).toEqual(atLeast(expected, HIGH_RISK_SCORE));
      for (const [id, score] of found) {
        expect(expected.get(id), `${text}: ${id}`).toBe(score);
        if (score < HIGH_RISK_SCORE) belowHighRisk++;
      }
    }
    // Names reached by a sound, a word or a key are still scored below high risk.
    expect(belowHighRisk).toBeGreaterThan(0);
  });

  // Names one edit away are looked up rather than counted: letters outside the common alphabet take their own keys.
  it('finds names one edit away by letters outside the Latin alphabet, as a full scan does', () => {
    const letters = 'abeklmnorstøжяカキ';
    const random = mulberry32(12);
    const word = (length: number): string =>
      Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join('');
    const marks: MarkRecord[] = generateMarks({ count: 300, seed: 23 }).map((mark, i) => ({
      ...mark,
      name: word(3 + (i % 9)),
    }));
    const scan = fullScan(marks, { singleSignalFloor: SCORE_FLOOR });
    for (let q = 0; q < 60; q++) {
      const chars = [...(scan.names[Math.floor(random() * scan.names.length)] as string)];
      const at = Math.floor(random() * chars.length);
      const letter = letters[Math.floor(random() * letters.length)] as string;
      const r = random();
      if (r < 0.4) chars[at] = letter;
      else if (r < 0.7) chars.splice(at, 0, letter);
      else if (chars.length > 3) chars.splice(at, 1);
      const text = chars.join('');
      expect(scan.found(text), text).toEqual(scan.expected(text));
    }
  });

  // Transliterations are found through consonant-skeleton keys: names of the other script whose skeletons match. By
  // default a name only its transliteration brings to 50-60 is not read either: from high risk up the answer is the
  // same, and below it every mark listed has its true score.
  it('finds every transliteration a full scan finds, both ways', { timeout: 60_000 }, () => {
    const pairs = readTransliterationSet();
    const marks = [...generateMarks({ count: 3000, seed: 22 }), ...transliterationMarks(pairs, 10_001)];
    const scan = fullScan(marks, { singleSignalFloor: SCORE_FLOOR });
    const byDefault = fullScan(marks);
    let leftOut = 0;
    const random = mulberry32(5);
    for (let q = 0; q < 60; q++) {
      const pair = pairs[Math.floor(random() * pairs.length)] as (typeof pairs)[number];
      let text = random() < 0.5 ? pair.latin : pair.chinese;
      // Drop one letter or character now and then, so queries are not only names already listed.
      if (random() < 0.4 && [...text].length > 2) {
        const chars = [...text];
        chars.splice(1 + Math.floor(random() * (chars.length - 1)), 1);
        text = chars.join('');
      }
      const expected = scan.expected(text);
      expect(scan.found(text), text).toEqual(expected);
      const found = byDefault.found(text);
      expect(atLeast(found, HIGH_RISK_SCORE), text).toEqual(atLeast(expected, HIGH_RISK_SCORE));
      for (const [id, score] of found) expect(expected.get(id), `${text}: ${id}`).toBe(score);
      leftOut += expected.size - found.size;
    }
    // Some transliterations under high risk were left out by default, so both floors were tried.
    expect(leftOut).toBeGreaterThan(0);
  });

  it('with an effect rule, reports exactly the marks a full scan finds with effect, and counts only them', () => {
    const marks = generateMarks({ count: 6000, seed: 33 });
    const index = new TrademarkIndex({ singleSignalFloor: SCORE_FLOOR });
    index.add(marks);
    const options = { isCommonStem: (unit: string) => index.isCommonStem(unit) };
    const analyses = new Map(marks.map((mark) => [mark.name, analyzeName(mark.name, index.pinyin)]));
    const international = ['WO', 'WPP'];
    const rules: [string, MarketEffect][] = [
      ['FR', { registers: ['EM', 'FR'], designatingRegisters: international, designations: ['EM', 'FR'] }],
      ['US', { registers: ['UF', 'US'], designatingRegisters: international, designations: ['US'] }],
      ['CN+JP', { registers: ['CN', 'JP'], designatingRegisters: international, designations: ['CN', 'JP'] }],
      ['WO', { registers: international, designatingRegisters: [], designations: [] }],
    ];
    // Queries that are names of international registrations, so designations decide many of the answers.
    const texts = [
      ...new Set(marks.filter((mark) => international.includes(mark.dataset)).map((mark) => mark.name)),
    ];
    const random = mulberry32(9);
    for (let q = 0; q < 40; q++) {
      const text = texts[Math.floor(random() * texts.length)] as string;
      const [label, effect] = rules[q % rules.length] as [string, MarketEffect];
      const datasets = q % 3 === 0 ? ['FR', 'DE', 'EM', 'WO', 'WPP', 'US', 'CN'] : undefined;
      const query = analyzeName(text, index.pinyin);
      const expected = new Map<number, number>();
      const classes = new Map<number, number>();
      for (const mark of marks) {
        if (datasets && !datasets.includes(mark.dataset)) continue;
        if (!hasEffect(effect, mark)) continue;
        const { score } = compareNames(
          query,
          analyses.get(mark.name) as ReturnType<typeof analyzeName>,
          options,
        );
        if (score < index.scoreFloor) continue;
        expected.set(mark.id, score);
        for (const cls of mark.niceClass) classes.set(cls, (classes.get(cls) ?? 0) + 1);
      }
      const result = index.search({ text, effect, ...(datasets ? { datasets } : {}) });
      const found = new Map(result.matches.map((match) => [match.id, match.score]));
      expect(found, `${text} in ${label}`).toEqual(expected);
      expect(result.total).toBe(expected.size);
      const counted = new Map<number, number>();
      for (const [cls, stat] of Object.entries(result.classStatistics)) counted.set(Number(cls), stat.count);
      expect(counted, `${text} in ${label}`).toEqual(classes);
    }
  });
});

/** Queries from `names`: a letter replaced, words reversed, descriptive words added, cut short; half by classes. */
function variedQueries(names: readonly string[], count: number) {
  const random = mulberry32(4);
  const queries: { text: string; classes: number[] | undefined }[] = [];
  for (let q = 0; q < count; q++) {
    let text = names[Math.floor(random() * names.length)] as string;
    const at = Math.floor(random() * text.length);
    const r = random();
    if (r < 0.3) text = `${text.slice(0, at)}x${text.slice(at + 1)}`;
    else if (r < 0.45) text = text.split(' ').reverse().join(' ');
    else if (r < 0.6) text = `${text} 科技`;
    else if (r < 0.75) text = text.slice(0, Math.max(2, at));
    else if (r < 0.8) text = `${text.split(' ')[0]} Home Store`;
    else if (r < 0.85) text = `${text.split(' ')[0]} Fashion`;
    // Every other search names classes, whose own descriptive words (FASHION in 25) are set aside too.
    queries.push({ text, classes: q % 2 === 0 ? undefined : [25, 30] });
  }
  return queries;
}

function atLeast(scores: ReadonlyMap<number, number>, floor: number): Map<number, number> {
  return new Map([...scores].filter(([, score]) => score >= floor));
}

/** An index of `marks` and what comparing a query with every distinct name of them reports, optionally by class. */
function fullScan(marks: readonly MarkRecord[], options: IndexOptions = {}) {
  const index = new TrademarkIndex(options);
  index.add(marks);
  const names = [...new Set(marks.map((mark) => mark.name))];
  const analyses = names.map((name) => analyzeName(name, index.pinyin));
  const marksByName = new Map<string, MarkRecord[]>();
  for (const mark of marks) marksByName.set(mark.name, [...(marksByName.get(mark.name) ?? []), mark]);
  return {
    names,
    expected(text: string, classes?: readonly number[]): Map<number, number> {
      const options = index.compareOptions(classes);
      const query = analyzeName(text, index.pinyin);
      const expected = new Map<number, number>();
      analyses.forEach((analysis, i) => {
        const { score } = compareNames(query, analysis, options);
        if (score < index.scoreFloor) return;
        for (const mark of marksByName.get(names[i] as string) ?? []) {
          if (classes === undefined || mark.niceClass.some((niceClass) => classes.includes(niceClass)))
            expected.set(mark.id, score);
        }
      });
      return expected;
    },
    found(text: string, classes?: readonly number[]): Map<number, number> {
      return new Map(index.search({ text, classes }).matches.map((match) => [match.id, match.score]));
    },
  };
}
