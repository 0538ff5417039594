import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { TrademarkIndex } from './engine.ts';
import { generateMarks } from './generate-marks.ts';
import { parseRelevanceSet, relevanceMarks } from './relevance-set.ts';
import { HIGH_RISK_SCORE } from './score.ts';
import type { Match } from './types.ts';

// The relevance set of `relevance/relevance.json` inside a 200,000-mark synthetic corpus: an expected mark counts as
// found when it is in the top ten at a score of at least 60 (high risk); a decoy counts as a false flag when it
// scores 60 or more.
const CORPUS = 200_000;
const FOUND_SCORE = HIGH_RISK_SCORE;

describe('relevance set in a 200,000-mark corpus', () => {
  const set = parseRelevanceSet(
    JSON.parse(readFileSync(new URL('../relevance/relevance.json', import.meta.url), 'utf8')),
  );
  const firstId = CORPUS + 1;
  const index = new TrademarkIndex();
  const top: Match[][] = [];

  beforeAll(() => {
    const corpus = generateMarks({ count: CORPUS, seed: 1 });
    index.warmPinyin(corpus.map((mark) => mark.name));
    index.add(corpus);
    index.add(relevanceMarks(set, firstId));
    for (const pair of set.pairs) top.push(index.search({ text: pair.query, limit: 10 }).matches);
  }, 120_000);

  it('finds at least 95% of expected marks in the top ten at high risk or above', () => {
    const missed = set.pairs.filter((_pair, i) => {
      const match = top[i]?.find((candidate) => candidate.id === firstId + i);
      return match === undefined || match.score < FOUND_SCORE;
    });
    const recall = 1 - missed.length / set.pairs.length;
    expect(
      recall,
      `missed: ${missed.map((pair) => `${pair.query} → ${pair.expected}`).join(', ')}`,
    ).toBeGreaterThanOrEqual(0.95);
  });

  it('names the signal of the pair for most of the marks it finds', () => {
    let found = 0;
    let named = 0;
    set.pairs.forEach((pair, i) => {
      const match = top[i]?.find((candidate) => candidate.id === firstId + i);
      if (match === undefined) return;
      found++;
      if (match.signals.includes(pair.signal)) named++;
    });
    expect(named / found).toBeGreaterThanOrEqual(0.9);
  });

  it('flags at most 5% of decoys', () => {
    const flagged = set.decoys.filter((decoy, i) => {
      const id = firstId + set.pairs.length + i;
      const match = index.search({ text: decoy.query }).matches.find((candidate) => candidate.id === id);
      return match !== undefined && match.score >= FOUND_SCORE;
    });
    expect(
      flagged.length / set.decoys.length,
      flagged.map((decoy) => `${decoy.query} → ${decoy.decoy}`).join(', '),
    ).toBeLessThanOrEqual(0.05);
  });
});
