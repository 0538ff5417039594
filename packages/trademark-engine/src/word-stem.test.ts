import { describe, expect, it } from 'vitest';
import { stemsOf } from './word-stem.ts';

describe('stemsOf', () => {
  it('folds plural endings and reads abbreviations and numerals written alone as their words', () => {
    expect(stemsOf(['dr', 'martens'], [false, false])).toEqual(['doctor', 'marten']);
    expect(stemsOf(['st', 'john'], [false, false])).toEqual(['saint', 'john']);
    expect(stemsOf(['7', 'eleven'], [false, false])).toEqual(['seven', 'eleven']);
    expect(stemsOf(['4', 'seasons'], [false, false])).toEqual(['four', 'season']);
  });

  it('keeps numerals inside a word and pinyin syllables as they are', () => {
    expect(stemsOf(['7up', '3m'], [false, false])).toEqual(['7up', '3m']);
    // A syllable read from a Chinese character is never an abbreviation: 圣 is sheng, not saint.
    expect(stemsOf(['st', 'dr'], [true, true])).toEqual(['st', 'dr']);
  });
});
