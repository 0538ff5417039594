import { describe, expect, it } from 'vitest';
import { osaDistance } from './edit-distance.ts';
import {
  forEachOneEdit,
  hasRareLetter,
  lettersLeftOut,
  NEAR_SPELLING_MAX_LENGTH,
  nearSpellingLengths,
} from './near-spellings.ts';
import { mulberry32 } from './prng.ts';
import { maxEditsForScore } from './spelling.ts';

/** The whole names a query looks up (`forEachOneEdit`), as strings. */
function oneEditNames(query: string): string[] {
  const names: string[] = [];
  forEachOneEdit(query, (at, inserted, resume) =>
    names.push(query.slice(0, at) + inserted + query.slice(resume)),
  );
  return names;
}

/** Whether a name is found from `query` as the index finds it: by its whole name, or by a left-out variant. */
function finds(query: string, name: string): boolean {
  if (oneEditNames(query).includes(name)) return true;
  if (!hasRareLetter(name)) return false;
  const keys = lettersLeftOut(name);
  return [query, ...lettersLeftOut(query)].some((variant) => keys.includes(variant));
}

describe('near spellings', () => {
  it('tells the letters of folded Latin names from every other', () => {
    expect(hasRareLetter('kodak')).toBe(false);
    expect(hasRareLetter('kodlak')).toBe(false);
    // Folding turns i into l and digits into letters, so an i or a digit here is another writing system's letter.
    expect(hasRareLetter('kodiak')).toBe(true);
    expect(hasRareLetter('k0dak')).toBe(true);
    expect(hasRareLetter('kødak')).toBe(true);
    expect(hasRareLetter('жук')).toBe(true);
  });

  it('finds every name one edit away, whatever letter the edit writes, and nothing two away by its names', () => {
    const letters = 'abklmnoprstøжカ\ud83d\ude00';
    const random = mulberry32(7);
    const word = (): string => {
      const length = 1 + Math.floor(random() * 9);
      return Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join('');
    };
    let near = 0;
    for (let i = 0; i < 3000; i++) {
      const query = word();
      const chars = query.split('');
      const at = Math.floor(random() * (chars.length + 1));
      const letter = letters[Math.floor(random() * letters.length)] as string;
      const r = random();
      if (r < 0.3) chars.splice(at, 1, letter);
      else if (r < 0.6) chars.splice(at, 0, letter);
      else if (r < 0.8) chars.splice(at, 1);
      else if (at + 1 < chars.length)
        [chars[at], chars[at + 1]] = [chars[at + 1] as string, chars[at] as string];
      const name = chars.join('');
      const distance = osaDistance(query, name);
      if (distance <= 1) {
        near++;
        expect(finds(query, name), `${query} ~ ${name}`).toBe(true);
      }
      if (distance >= 2) expect(oneEditNames(query)).not.toContain(name);
    }
    expect(near).toBeGreaterThan(2000);
  });

  it('looks up the lengths where the floor allows one edit, up to twelve letters', () => {
    for (const floor of [50, 60, 70]) {
      for (let m = 1; m <= 20; m++) {
        const lengths = nearSpellingLengths(floor, m);
        for (let n = m - 1; n <= m + 1; n++) {
          const oneEdit = n >= 1 && maxEditsForScore(floor, Math.max(m, n)) <= 1;
          const short = m <= NEAR_SPELLING_MAX_LENGTH && n <= NEAR_SPELLING_MAX_LENGTH;
          expect(lengths.includes(n), `${floor}: ${m} → ${n}`).toBe(oneEdit && short);
        }
      }
    }
    // At high risk one edit is all spelling allows up to twelve letters; at 50, up to eight.
    expect(nearSpellingLengths(60, 11)).toEqual([10, 11, 12]);
    expect(nearSpellingLengths(50, 8)).toEqual([7, 8]);
  });
});
