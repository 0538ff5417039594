import { describe, expect, it } from 'vitest';
import { soundKeys, vowelSkeleton } from './phonetic.ts';

describe('vowelSkeleton', () => {
  it('reads vowel spellings by sound', () => {
    expect(vowelSkeleton('clean')).toBe(vowelSkeleton('kleen'));
    expect(vowelSkeleton('school')).toBe(vowelSkeleton('skool'));
    expect(vowelSkeleton('tough')).toBe(vowelSkeleton('tuff'));
  });

  it('undoes spellings that hide a vowel: qu, igh and a silent final e', () => {
    expect(vowelSkeleton('quick')).toBe(vowelSkeleton('kwik'));
    expect(vowelSkeleton('night')).toBe(vowelSkeleton('nite'));
    expect(vowelSkeleton('phone')).toBe(vowelSkeleton('fone'));
  });

  it('reads a vowel before consonant and final e as long', () => {
    expect(vowelSkeleton('kreme')).toBe(vowelSkeleton('cream'));
    expect(vowelSkeleton('parade')).not.toBe(vowelSkeleton('prada'));
  });

  it('hears the silent e that ends the first part of a compound inside the word, but voices it before an r', () => {
    expect(vowelSkeleton('liteway')).toBe(vowelSkeleton('lightway'));
    expect(vowelSkeleton('nitestar')).toBe(vowelSkeleton('nightstar'));
    expect(vowelSkeleton('safeway')).toBe(vowelSkeleton('saifway'));
    expect(vowelSkeleton('tymeline')).toBe(vowelSkeleton('timeline'));
    expect(vowelSkeleton('material')).toBe('AEIA');
    expect(vowelSkeleton('general')).toBe('EEA');
  });

  it('treats y as a vowel except at the start', () => {
    expect(vowelSkeleton('krispy')).toBe('II');
    expect(vowelSkeleton('yoga')).toBe('OA');
  });
});

describe('soundKeys', () => {
  it('hears a word that begins with x and a consonant as ex (XPRESS ~ EXPRESS), a lone x before a vowel apart', () => {
    expect(soundKeys(['xpress']).sound).toEqual(soundKeys(['express']).sound);
    expect(soundKeys(['xtreme', 'sports']).sound).toEqual(soundKeys(['extreme', 'sports']).sound);
    expect(soundKeys(['xena']).sound).not.toEqual(soundKeys(['exena']).sound);
    expect(soundKeys(['xylo']).sound).not.toEqual(soundKeys(['exylo']).sound);
  });

  it('gives names that sound alike the same sound key', () => {
    expect(soundKeys(['kwik', 'kleen']).sound).toEqual(soundKeys(['quick', 'clean']).sound);
    expect(soundKeys(['fone']).sound).toEqual(soundKeys(['phone']).sound);
    expect(soundKeys(['lite', 'brite']).sound).toEqual(soundKeys(['light', 'bright']).sound);
  });

  it('keeps names with the same consonants but other vowels apart', () => {
    const diamond = soundKeys(['diamond']);
    const dominate = soundKeys(['dominate']);
    expect(diamond.metaphone).toEqual(dominate.metaphone);
    expect(diamond.sound).not.toEqual(dominate.sound);
  });

  it('keeps digits, which are read aloud as numbers', () => {
    expect(soundKeys(['7up']).sound).not.toEqual(soundKeys(['up']).sound);
    expect(soundKeys(['65krelt']).sound).not.toEqual(soundKeys(['grelt']).sound);
  });

  it('has no keys for names without Latin letters or digits', () => {
    expect(soundKeys(['한빛'])).toEqual({ metaphone: [], sound: [], vowels: '' });
    expect(soundKeys([])).toEqual({ metaphone: [], sound: [], vowels: '' });
  });

  it('lists the alternate Double Metaphone key when it differs', () => {
    expect(soundKeys(['smith']).metaphone).toEqual(['SM0', 'XMT']);
  });
});
