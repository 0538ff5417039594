import { beforeAll, describe, expect, it } from 'vitest';
import { TrademarkIndex } from './engine.ts';
import { generateMarks } from './generate-marks.ts';
import { HIGH_RISK_SCORE } from './score.ts';
import {
  evaluateWithAndWithoutList,
  parseTransliterationSet,
  readTransliterationSet,
  type TransliterationEvaluation,
  transliterationMarks,
} from './transliteration-set.ts';

// The pairs of `transliteration/transliteration.json` inside a 200,000-mark synthetic corpus, searched both ways: a
// search finds its pair when the other script's mark is in the top ten at 60 or more (high risk), and flags falsely
// when another pair's mark in the other script scores 60 or more.
//
// Measured twice: as the product searches, with brands' established names (`lexicon/established-names.json`, written
// without the set but for two entries its `about` names), and by sound alone. The issue asks for recall 0.85 and at most 5% false flags; sound alone reaches
// neither (README, "Transliteration"), so its floors hold the levels reached (measured figures in the README table). Recall is checked on all pairs and on those rendered by sound: pairs the set marks as rendered by meaning
// (星巴克 STARBUCKS) cannot be found by sound and stay in the set.
const CORPUS = 200_000;
const FOUND_SCORE = HIGH_RISK_SCORE;
const FLOORS = {
  tuning: { recall: 0.565, phoneticRecall: 0.575, falseFlags: 0.07 },
  heldOut: { recall: 0.505, phoneticRecall: 0.51, falseFlags: 0.07 },
} as const;
// With the list, #12's targets (recall ≥ 0.85, false flags ≤ 5%) are met on both halves: 0.970 / 2.8% and 0.976 / 4.5%.
const FLOORS_WITH_ESTABLISHED_NAMES = {
  tuning: { recall: 0.955, falseFlags: 0.03 },
  heldOut: { recall: 0.965, falseFlags: 0.05 },
} as const;

describe('transliteration set in a 200,000-mark corpus', () => {
  const pairs = readTransliterationSet();
  const firstId = CORPUS + 1;
  const index = new TrademarkIndex();
  let tuning: TransliterationEvaluation;
  let heldOut: TransliterationEvaluation;
  let listedTuning: TransliterationEvaluation;
  let listedHeldOut: TransliterationEvaluation;

  beforeAll(() => {
    const corpus = generateMarks({ count: CORPUS, seed: 1 });
    index.warmPinyin(corpus.map((mark) => mark.name));
    index.add(corpus);
    index.add(transliterationMarks(pairs, firstId));
    const { listed, bySound } = evaluateWithAndWithoutList(index, pairs, firstId, FOUND_SCORE);
    ({ tuning: listedTuning, heldOut: listedHeldOut } = listed);
    ({ tuning, heldOut } = bySound);
    for (const [label, result] of [
      ['tuning, by sound', tuning],
      ['held out, by sound', heldOut],
      ['tuning, with established names', listedTuning],
      ['held out, with established names', listedHeldOut],
    ] as const) {
      console.info(
        `transliteration ${label}: ${result.queries} searches, recall@10 ${result.recall.toFixed(3)}, by sound ` +
          `${result.phoneticRecall.toFixed(3)} (${result.phoneticQueries}), false flags ${result.falseFlagRate.toFixed(3)}`,
      );
    }
  }, 240_000);

  it('holds at least 150 pairs of all three kinds, a third of them held out', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(150);
    for (const kind of ['brand', 'seller', 'invented'] as const) {
      expect(pairs.filter((pair) => pair.kind === kind).length).toBeGreaterThanOrEqual(30);
    }
    expect(pairs.filter((pair) => pair.heldOut).length).toBeGreaterThanOrEqual(pairs.length / 4);
  });

  it('finds the other script in the top ten at high risk', () => {
    expect(tuning.recall, `missed: ${tuning.missed.join(', ')}`).toBeGreaterThanOrEqual(FLOORS.tuning.recall);
    expect(heldOut.recall, `missed: ${heldOut.missed.join(', ')}`).toBeGreaterThanOrEqual(
      FLOORS.heldOut.recall,
    );
  });

  it('finds the pairs rendered by sound at least as well, counted on their own', () => {
    expect(tuning.phoneticQueries).toBeLessThan(tuning.queries);
    expect(tuning.phoneticRecall).toBeGreaterThanOrEqual(FLOORS.tuning.phoneticRecall);
    expect(heldOut.phoneticRecall).toBeGreaterThanOrEqual(FLOORS.heldOut.phoneticRecall);
  });

  it("rarely flags another pair's mark in the other script", () => {
    expect(tuning.falseFlagRate, tuning.flagged.join(', ')).toBeLessThanOrEqual(FLOORS.tuning.falseFlags);
    expect(heldOut.falseFlagRate, heldOut.flagged.join(', ')).toBeLessThanOrEqual(FLOORS.heldOut.falseFlags);
  });

  it('finds more with the established names of brands, flagging no more', () => {
    // The searches by sound alone switched the list off for themselves only.
    expect(index.established).not.toBeNull();
    expect(listedTuning.recall, `missed: ${listedTuning.missed.join(', ')}`).toBeGreaterThanOrEqual(
      FLOORS_WITH_ESTABLISHED_NAMES.tuning.recall,
    );
    expect(listedHeldOut.recall).toBeGreaterThanOrEqual(FLOORS_WITH_ESTABLISHED_NAMES.heldOut.recall);
    expect(listedTuning.falseFlagRate, listedTuning.flagged.join(', ')).toBeLessThanOrEqual(
      FLOORS_WITH_ESTABLISHED_NAMES.tuning.falseFlags,
    );
    expect(listedHeldOut.falseFlagRate).toBeLessThanOrEqual(FLOORS_WITH_ESTABLISHED_NAMES.heldOut.falseFlags);
  });

  it('names the transliteration signal for a pair it finds', () => {
    const match = index
      .search({ text: 'TESLA', limit: 10 })
      .matches.find(
        (candidate) => candidate.id === firstId + 2 * pairs.findIndex((p) => p.latin === 'TESLA') + 1,
      );
    expect(match?.signals).toContain('transliteration');
  });
});

describe('parseTransliterationSet', () => {
  it('rejects a pair without Chinese characters or with an unknown kind', () => {
    expect(() => parseTransliterationSet({ pairs: [{ latin: 'A', chinese: 'B', kind: 'brand' }] })).toThrow(
      /pair 0: "chinese"/,
    );
    expect(() => parseTransliterationSet({ pairs: [{ latin: 'A', chinese: '安', kind: 'x' }] })).toThrow(
      /pair 0: "kind"/,
    );
    expect(() => parseTransliterationSet({})).toThrow(/expected \{ pairs/);
    expect(() =>
      parseTransliterationSet({ pairs: [{ latin: 'A', chinese: '安', kind: 'brand', rendering: 'x' }] }),
    ).toThrow(/pair 0: "rendering"/);
    expect(
      parseTransliterationSet({ pairs: [{ latin: 'A', chinese: '安', kind: 'brand' }] })[0]?.rendering,
    ).toBe('sound');
  });
});
