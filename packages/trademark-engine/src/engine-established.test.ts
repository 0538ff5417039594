import { describe, expect, it } from 'vitest';
import { TrademarkIndex } from './engine.ts';
import { EstablishedNames } from './established-names.ts';
import type { MarkRecord } from './types.ts';

const established = new EstablishedNames([
  { latin: 'STARBUCKS', chinese: ['星巴克'], kind: 'brand' },
  { latin: 'PEUGEOT', chinese: ['标致'], kind: 'brand' },
]);
const marks: MarkRecord[] = [
  { id: 1, name: '星巴克', dataset: 'CN', niceClass: [43], status: 'registered' },
  { id: 2, name: '星巴克咖啡', dataset: 'CN', niceClass: [43], status: 'registered' },
  { id: 3, name: 'STARBUCKS', dataset: 'US', niceClass: [43], status: 'registered' },
  { id: 4, name: '标致', dataset: 'CN', niceClass: [12], status: 'registered' },
  { id: 5, name: '星光', dataset: 'CN', niceClass: [43], status: 'registered' },
];
const byId = new Map(marks.map((mark) => [mark.id, mark.name]));

function found(index: TrademarkIndex, text: string, extra = {}): string[] {
  return index.search({ text, ...extra }).matches.map((match) => `${byId.get(match.id)} ${match.score}`);
}

describe('TrademarkIndex with established names', () => {
  const index = new TrademarkIndex({ established });
  index.add(marks);

  it('reports the established name in the other script that sound alone does not hear', () => {
    const match = index.search({ text: 'STARBUCKS' }).matches.find((m) => m.id === 1);
    expect(match?.score).toBe(92);
    expect(match?.signals[0]).toBe('established');
    expect(found(index, 'PEUGEOT')).toContain('标致 92');
    expect(found(index, '标致')).toEqual(['标致 100']);
  });

  it('finds it with descriptive words on either side, and from the Chinese name', () => {
    // 咖啡 (coffee) is descriptive for the restaurants of class 43, not in general: 星巴克咖啡 then names no brand.
    // A name written around the brand's (descriptive words, or a name read alike) is one step away: 85.
    expect(found(index, 'STARBUCKS', { classes: [43] })).toEqual([
      'STARBUCKS 100',
      '星巴克 92',
      '星巴克咖啡 85',
    ]);
    expect(found(index, 'STARBUCKS')).toEqual(['STARBUCKS 100', '星巴克 92']);
    expect(found(index, '星巴克')).toEqual(['星巴克 100', 'STARBUCKS 92', '星巴克咖啡 81.5']);
    expect(found(index, 'STARBUCKS COFFEE', { classes: [43] })).toContain('星巴克 85');
  });

  it('keeps two known brands apart when one sounds like the other’s name in the other script', () => {
    const apart = new TrademarkIndex({
      established: new EstablishedNames([
        { latin: 'NIVEA', chinese: ['妮维雅'], kind: 'brand' },
        { latin: 'NETFLIX', chinese: ['奈飞'], kind: 'brand' },
      ]),
    });
    const sounds = new TrademarkIndex({ established: null });
    const both: MarkRecord[] = [{ id: 1, name: '奈飞', dataset: 'CN', niceClass: [3], status: 'registered' }];
    apart.add(both);
    sounds.add(both);
    // By sound alone NIVEA ~ 奈飞 (nai fei) is high risk; knowing 奈飞 is NETFLIX's name, it stays under it.
    expect(sounds.search({ text: 'NIVEA' }).matches[0]?.score).toBeGreaterThanOrEqual(60);
    const [match] = apart.search({ text: 'NIVEA' }).matches;
    expect(match?.score).toBeLessThan(60);
    expect(match?.signals).toContain('transliteration');
  });

  it('keeps to the searched registers', () => {
    expect(found(index, 'STARBUCKS', { datasets: ['US'] })).toEqual(['STARBUCKS 100']);
  });

  it('reports none of it without the list', () => {
    const plain = new TrademarkIndex({ established: null });
    plain.add(marks);
    expect(found(plain, 'STARBUCKS')).toEqual(['STARBUCKS 100']);
    expect(found(plain, 'PEUGEOT')).toEqual([]);
  });
});
