import { describe, expect, it } from 'vitest';
import { decodeSignals, SIGNAL_BIT, SIGNALS, withLead } from './signals.ts';

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
      'established',
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

  it('lists first the signal that decided the score, then the others in list order', () => {
    const mask = SIGNAL_BIT.spelling | SIGNAL_BIT.phonetic | SIGNAL_BIT.plural;
    expect(decodeSignals(withLead(mask, SIGNAL_BIT.phonetic))).toEqual(['phonetic', 'spelling', 'plural']);
    // Of a finding with several signals, the first in list order leads (one letter before spelling).
    expect(
      decodeSignals(withLead(mask | SIGNAL_BIT.oneLetter, SIGNAL_BIT.oneLetter | SIGNAL_BIT.spelling)),
    ).toEqual(['oneLetter', 'spelling', 'phonetic', 'plural']);
    // A deciding signal the mask does not hold (under the score floor) names no lead.
    expect(withLead(mask, SIGNAL_BIT.transliteration)).toBe(mask);
    expect(withLead(0, 0)).toBe(0);
    // The lead fits beside the signal bits in the 32 bits the index keeps per name, whichever signal leads.
    expect(withLead(SIGNAL_BIT.established, SIGNAL_BIT.established)).toBeLessThan(2 ** 31);
    expect(
      decodeSignals(withLead(SIGNAL_BIT.established | SIGNAL_BIT.pinyin, SIGNAL_BIT.established)),
    ).toEqual(['established', 'pinyin']);
  });
});
