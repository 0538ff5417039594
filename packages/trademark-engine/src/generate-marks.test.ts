import { describe, expect, it } from 'vitest';
import { generateMarks } from './generate-marks.ts';
import { dateText, GENERATED_AS_OF } from './synthetic-filing.ts';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const HAN_RE = /\p{Script=Han}/u;

describe('generateMarks', () => {
  const marks = generateMarks({ count: 20_000, seed: 7 });

  it('is deterministic for a seed', () => {
    expect(generateMarks({ count: 500, seed: 7 })).toEqual(marks.slice(0, 500));
    expect(generateMarks({ count: 500, seed: 8 })).not.toEqual(marks.slice(0, 500));
  });

  it('numbers marks from the first id', () => {
    expect(generateMarks({ count: 3, seed: 1, firstId: 100 }).map((mark) => mark.id)).toEqual([
      100, 101, 102,
    ]);
    expect(marks.at(-1)?.id).toBe(20_000);
  });

  it('never repeats a (dataset, application number) pair', () => {
    // At this size the drawn numbers used to repeat 412 times (the demo seed's own count and seed).
    const demo = generateMarks({ count: 200_000, seed: 20261121 });
    const keys = new Set(demo.map((mark) => `${mark.dataset} ${mark.applicationNumber}`));
    expect(keys.size).toBe(demo.length);
    expect(generateMarks({ count: 1_000, seed: 20261121 })).toEqual(demo.slice(0, 1_000));
  }, 30_000);

  it('fills every result-item field with well-formed values', () => {
    // One pass collecting what is wrong, so twenty thousand marks cost one assertion each.
    const problems: string[] = [];
    const check = (ok: boolean, what: string, id: number): void => {
      if (!ok && problems.length < 10) problems.push(`${id}: ${what}`);
    };
    for (const mark of marks) {
      const classes = mark.niceClass;
      check(mark.name.length > 0, 'name', mark.id);
      check(mark.applicationNumber.length > 5, 'application number', mark.id);
      check(DATE_RE.test(mark.applicationDate), 'application date', mark.id);
      check(
        classes.length > 0 &&
          classes.every((cls, i) => cls >= 1 && cls <= 45 && (i === 0 || cls > (classes[i - 1] as number))),
        'classes',
        mark.id,
      );
      check(Object.keys(mark.goodsAndServices).map(Number).join() === classes.join(), 'goods', mark.id);
      const translation = mark.goodsAndServicesTranslation;
      check(
        translation === null ||
          (Object.keys(translation).map(Number).join() === classes.join() &&
            Object.values(translation).every((text) => HAN_RE.test(text))),
        'translation',
        mark.id,
      );
      check(mark.owner.length > 0, 'owner', mark.id);
      check(['registered', 'filed', 'ended', 'unknown'].includes(mark.status), 'status', mark.id);
    }
    expect(problems).toEqual([]);
  });

  it('gives a registration date to registered marks only, after the application', () => {
    const wrong = marks.filter((mark) =>
      mark.status === 'registered'
        ? !DATE_RE.test(mark.registrationDate ?? '') ||
          (mark.registrationDate as string) < mark.applicationDate
        : mark.registrationDate !== null,
    );
    expect(wrong).toEqual([]);
    expect(marks.some((mark) => mark.registrationDate !== null)).toBe(true);
  });

  it('keeps application ≤ registration ≤ the data date over 100,000 marks', () => {
    const asOf = dateText(GENERATED_AS_OF);
    const many = generateMarks({ count: 100_000, seed: 20261121 });
    const wrong = many.filter(
      (mark) =>
        mark.applicationDate > asOf ||
        (mark.registrationDate !== null &&
          (mark.registrationDate < mark.applicationDate || mark.registrationDate > asOf)),
    );
    expect(wrong.slice(0, 5)).toEqual([]);
    // Each register's data date is the newest date it holds, which then never precedes a mark of it.
    const newest = new Map<string, string>();
    for (const mark of many) {
      const latest = mark.registrationDate ?? mark.applicationDate;
      if (latest > (newest.get(mark.dataset) ?? '')) newest.set(mark.dataset, latest);
    }
    expect([...newest.values()].every((day) => day <= asOf)).toBe(true);
    expect(many.filter((mark) => mark.registrationDate === asOf).length).toBeGreaterThan(0);
  }, 30_000);

  it('spreads marks over the markets, statuses and name styles of a real register', () => {
    const datasets = new Set(marks.map((mark) => mark.dataset));
    for (const dataset of [
      'US',
      'UF',
      'EM',
      'WO',
      'WPP',
      'GB',
      'DE',
      'FR',
      'ES',
      'IT',
      'JP',
      'KR',
      'CN',
      'AU',
      'CA',
    ]) {
      expect(datasets).toContain(dataset);
    }
    expect(new Set(marks.map((mark) => mark.status)).size).toBe(4);
    const share = (test: (name: string) => boolean): number =>
      marks.filter((mark) => test(mark.name)).length / marks.length;
    expect(share((name) => HAN_RE.test(name))).toBeGreaterThan(0.1);
    expect(share((name) => name.includes(' '))).toBeGreaterThan(0.2);
    expect(share((name) => /[äöüß]/i.test(name))).toBeGreaterThan(0.005);
    expect(share((name) => /[\uac00-\ud7a3]/.test(name))).toBeGreaterThan(0.001);
    expect(marks.some((mark) => mark.figurative)).toBe(true);
    expect(marks.some((mark) => mark.attorney === null)).toBe(true);
  });

  it('gives international registrations a few designated markets and national marks none', () => {
    const international = marks.filter((mark) => mark.dataset === 'WO' || mark.dataset === 'WPP');
    expect(international.length).toBeGreaterThan(500);
    expect(
      international.filter(
        (mark) =>
          mark.designations.length === 0 ||
          mark.designations.some((code) => !/^[A-Z]{2,3}$/.test(code)) ||
          mark.designations.join() !== [...new Set(mark.designations)].sort().join(),
      ),
    ).toEqual([]);
    expect(marks.filter((mark) => !international.includes(mark) && mark.designations.length > 0)).toEqual([]);
    const designated = new Set(international.flatMap((mark) => mark.designations));
    for (const code of ['EM', 'US', 'CN', 'FR']) expect(designated).toContain(code);
    const sizes = new Set(international.map((mark) => mark.designations.length));
    expect(sizes.size).toBeGreaterThan(5);
  });

  it('repeats some names across markets, as families of filings do', () => {
    expect(new Set(marks.map((mark) => mark.name)).size).toBeLessThan(marks.length * 0.95);
  });

  // How fast is the bench's business ("generated … marks … in … ms"), not a test's: a timed assertion fails on a busy
  // machine.
  it('generates 200,000 marks', () => {
    expect(generateMarks({ count: 200_000, seed: 3 })).toHaveLength(200_000);
  });
});
