import { describe, expect, it } from 'vitest';
import { singular } from './plural.ts';

describe('singular', () => {
  it('drops a plain plural s', () => {
    expect(singular('apples')).toBe('apple');
    expect(singular('crocs')).toBe('croc');
  });

  it('turns -ies into -y', () => {
    expect(singular('berries')).toBe('berry');
    expect(singular('smarties')).toBe('smarty');
  });

  it('drops -es after s, sh, ch, x and z', () => {
    expect(singular('boxes')).toBe('box');
    expect(singular('kisses')).toBe('kiss');
    expect(singular('brushes')).toBe('brush');
    expect(singular('watches')).toBe('watch');
  });

  it('keeps words that only look plural', () => {
    expect(singular('glass')).toBe('glass');
    expect(singular('virus')).toBe('virus');
    expect(singular('basis')).toBe('basis');
    expect(singular('famous')).toBe('famous');
  });

  it('keeps short words and words outside a–z', () => {
    expect(singular('bus')).toBe('bus');
    expect(singular('gas')).toBe('gas');
    expect(singular('3ds')).toBe('3ds');
    expect(singular('こども')).toBe('こども');
  });
});
