import { describe, expect, it } from 'vitest';
import { designatesCountries, EU_MEMBER_CODES, effectIn, hasEffect } from './jurisdictions.ts';
import { trademarkImportRecord } from './trademarks.ts';

const national = (dataset: string) => ({ dataset, designations: [] });
const madrid = (designations: string[], dataset = 'WO') => ({ dataset, designations });

describe('effectIn', () => {
  it('counts the EU trade mark in every member state, and no other member state', () => {
    const france = effectIn(['FR']);
    expect(hasEffect(france, national('FR'))).toBe(true);
    expect(hasEffect(france, national('EM'))).toBe(true);
    expect(hasEffect(france, national('DE'))).toBe(false);
    expect(hasEffect(france, national('IT'))).toBe(false);
    for (const member of EU_MEMBER_CODES) expect(hasEffect(effectIn([member]), national('EM'))).toBe(true);
    expect(hasEffect(effectIn(['GB']), national('EM'))).toBe(false);
    expect(hasEffect(effectIn(['US']), national('EM'))).toBe(false);
  });

  it('counts the Benelux register in the Netherlands, Belgium and Luxembourg only', () => {
    for (const member of ['NL', 'BE', 'LU']) expect(hasEffect(effectIn([member]), national('BX'))).toBe(true);
    expect(hasEffect(effectIn(['FR']), national('BX'))).toBe(false);
    expect(hasEffect(effectIn(['NL']), madrid(['BX']))).toBe(true);
    expect(hasEffect(effectIn(['DE']), madrid(['BX']))).toBe(false);
  });

  it('counts the OAPI register in its member states', () => {
    expect(hasEffect(effectIn(['SN']), national('OA'))).toBe(true);
    expect(hasEffect(effectIn(['ZA']), national('OA'))).toBe(false);
  });

  it('counts an international registration only where it is designated, EM designating every member', () => {
    const mark = madrid(['FR', 'JP']);
    expect(hasEffect(effectIn(['FR']), mark)).toBe(true);
    expect(hasEffect(effectIn(['JP']), madrid(['FR', 'JP'], 'WPP'))).toBe(true);
    expect(hasEffect(effectIn(['US']), mark)).toBe(false);
    expect(hasEffect(effectIn(['DE']), mark)).toBe(false);
    expect(hasEffect(effectIn(['DE']), madrid(['EM']))).toBe(true);
    expect(hasEffect(effectIn(['FR']), madrid([]))).toBe(false);
  });

  it('lets an EU trade mark filing be blocked by national marks of any member state and by BX', () => {
    const eu = effectIn(['EM']);
    for (const member of EU_MEMBER_CODES) expect(hasEffect(eu, national(member))).toBe(true);
    expect(hasEffect(eu, national('EM'))).toBe(true);
    expect(hasEffect(eu, national('BX'))).toBe(true);
    expect(hasEffect(eu, madrid(['IT']))).toBe(true);
    expect(hasEffect(eu, madrid(['EM']))).toBe(true);
    expect(hasEffect(eu, national('GB'))).toBe(false);
    expect(hasEffect(eu, madrid(['US', 'CN']))).toBe(false);
  });

  it('counts the USPTO second dataset with the US, and the US with it', () => {
    expect(hasEffect(effectIn(['US']), national('UF'))).toBe(true);
    expect(hasEffect(effectIn(['UF']), national('US'))).toBe(true);
    expect(hasEffect(effectIn(['CA']), national('UF'))).toBe(false);
  });

  it('gives an unknown market its own register and the international registrations designating it', () => {
    const market = effectIn(['xq']);
    expect(market).toEqual({ registers: ['XQ'], designatingRegisters: ['WO', 'WPP'], designations: ['XQ'] });
    expect(hasEffect(market, national('XQ'))).toBe(true);
    expect(hasEffect(market, madrid(['XQ']))).toBe(true);
    expect(hasEffect(market, national('EM'))).toBe(false);
  });

  it('counts every international registration when the international register itself is the market', () => {
    const international = effectIn(['WO']);
    expect(hasEffect(international, madrid(['CN']))).toBe(true);
    expect(hasEffect(international, madrid([], 'WPP'))).toBe(true);
    expect(hasEffect(international, national('US'))).toBe(false);
  });

  it('counts a mark with effect in at least one of several markets', () => {
    const both = effectIn(['US', 'JP']);
    expect(hasEffect(both, national('JP'))).toBe(true);
    expect(hasEffect(both, national('UF'))).toBe(true);
    expect(hasEffect(both, madrid(['JP']))).toBe(true);
    expect(hasEffect(both, national('CN'))).toBe(false);
  });

  it('gives equal rules for the same markets in any order or case', () => {
    expect(effectIn(['fr', 'US'])).toEqual(effectIn(['US', 'FR', ' ']));
  });
});

describe('designations in the import record', () => {
  const record = {
    name: 'ALPHA',
    applicationNumber: '1234567',
    niceClass: [9],
    dataset: 'WO',
    status: 'registered',
  };

  it('accepts 2–3 letter codes on international registrations', () => {
    expect(designatesCountries('WO')).toBe(true);
    expect(designatesCountries('DE')).toBe(false);
    expect(trademarkImportRecord.parse({ ...record, designations: ['EM', 'US', 'BX'] }).designations).toEqual(
      ['EM', 'US', 'BX'],
    );
    expect(trademarkImportRecord.safeParse({ ...record, dataset: 'DE', designations: [] }).success).toBe(
      true,
    );
  });

  it('refuses bad codes and designations on national marks', () => {
    for (const designations of [['fr'], ['FRAN'], ['F'], 'FR', [1]]) {
      const parsed = trademarkImportRecord.safeParse({ ...record, designations });
      expect(parsed.success, JSON.stringify(designations)).toBe(false);
    }
    const nationalMark = trademarkImportRecord.safeParse({ ...record, dataset: 'DE', designations: ['FR'] });
    expect(nationalMark.error?.issues[0]?.path).toEqual(['designations']);
  });
});
