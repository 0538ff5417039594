import { describe, expect, it } from 'vitest';
import { decodeSignals, SIGNAL_BIT, SIGNALS } from './signals.ts';

describe('signals', () => {
  it('lists the stable codes the API returns', () => {
    expect(SIGNALS).toEqual([
      'exact',
      'lookalike',
      'oneLetter',
      'spelling',
      'phonetic',
      'descriptiveIgnored',
      'containment',
      'wordOrder',
      'plural',
      'pinyin',
      'homophone',
      'transliteration',
    ]);
  });

  it('gives each code its own bit', () => {
    const bits = SIGNALS.map((code) => SIGNAL_BIT[code]);
    expect(new Set(bits).size).toBe(SIGNALS.length);
    expect(bits.reduce((all, bit) => all | bit, 0)).toBe(2 ** SIGNALS.length - 1);
  });

  it('decodes a mask in list order into a shared frozen array', () => {
    const mask = SIGNAL_BIT.homophone | SIGNAL_BIT.containment;
    expect(decodeSignals(mask)).toEqual(['containment', 'homophone']);
    expect(decodeSignals(mask)).toBe(decodeSignals(mask));
    expect(Object.isFrozen(decodeSignals(mask))).toBe(true);
    expect(decodeSignals(0)).toEqual([]);
  });
});
