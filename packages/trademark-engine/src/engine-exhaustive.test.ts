import { describe, expect, it } from 'vitest';
import { analyzeName } from './analyze.ts';
import { TrademarkIndex } from './engine.ts';
import { generateMarks } from './generate-marks.ts';
import { mulberry32 } from './prng.ts';
import { compareNames } from './score.ts';

// The index prunes candidates by counts derived from the score floor; this checks that pruning never loses a mark a
// full scan with the same scoring would report, and never changes a score.
describe('TrademarkIndex against a full scan', () => {
  it('reports exactly the marks at or above the floor, with the same scores', () => {
    const marks = generateMarks({ count: 4000, seed: 21 });
    const index = new TrademarkIndex();
    index.add(marks);
    const names = [...new Set(marks.map((mark) => mark.name))];
    const analyses = names.map((name) => analyzeName(name, index.pinyin));
    const idsByName = new Map<string, number[]>();
    for (const mark of marks) idsByName.set(mark.name, [...(idsByName.get(mark.name) ?? []), mark.id]);
    const random = mulberry32(4);
    const options = { isCommonStem: (unit: string) => index.isCommonStem(unit) };
    for (let q = 0; q < 80; q++) {
      let text = names[Math.floor(random() * names.length)] as string;
      const at = Math.floor(random() * text.length);
      const r = random();
      if (r < 0.3) text = `${text.slice(0, at)}x${text.slice(at + 1)}`;
      else if (r < 0.45) text = text.split(' ').reverse().join(' ');
      else if (r < 0.6) text = `${text} 科技`;
      else if (r < 0.75) text = text.slice(0, Math.max(2, at));
      const query = analyzeName(text, index.pinyin);
      const expected = new Map<number, number>();
      analyses.forEach((analysis, i) => {
        const { score } = compareNames(query, analysis, options);
        if (score >= index.scoreFloor)
          for (const id of idsByName.get(names[i] as string) ?? []) expected.set(id, score);
      });
      const found = new Map(index.search({ text }).matches.map((match) => [match.id, match.score]));
      expect(found, text).toEqual(expected);
    }
  });
});
