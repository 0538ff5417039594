import { describe, expect, it } from 'vitest';
import { isDistinctiveWord } from './stopwords.ts';

describe('isDistinctiveWord', () => {
  it('drops articles and joiners of the markets searched', () => {
    for (const word of ['the', 'and', 'de', 'la', 'der', 'und', 'el', 'di'])
      expect(isDistinctiveWord(word, false)).toBe(false);
  });

  it('drops single letters but keeps two-letter words', () => {
    expect(isDistinctiveWord('a', false)).toBe(false);
    expect(isDistinctiveWord('co', false)).toBe(true);
  });

  it('keeps a syllable read from a Chinese character whatever it spells', () => {
    expect(isDistinctiveWord('de', true)).toBe(true);
    expect(isDistinctiveWord('e', true)).toBe(true);
  });
});
