import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { syntheticMarks } from './demo-marks.ts';
import { importJsonLines } from './import-jsonl.ts';
import { importUsptoXml, usptoStatus } from './import-uspto.ts';
import { importReferenceData } from './reference-data.ts';
import { loadAssociationTables } from './service.ts';
import { markRecord } from './test-marks.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const lines = (...items: unknown[]) =>
  Readable.from([items.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join('\n')]);
const marks = () => t.ctx.db.selectFrom('marks').selectAll().orderBy('id').execute();

describe('JSON Lines import', () => {
  it('keeps good lines and reports bad ones with their line numbers', async () => {
    const report = await importJsonLines(
      t.ctx.db,
      lines(
        markRecord('ALPHA', { applicationNumber: 'A1' }),
        '{"name": "broken",',
        markRecord('BETA', { applicationNumber: 'A2', niceClass: [46] }),
        '',
        { ...markRecord('GAMMA', { applicationNumber: 'A3' }), unexpected: true },
        markRecord('DELTA', { applicationNumber: 'A4', status: 'filed' }),
        '[1, 2]',
      ),
    );
    expect(report.imported).toBe(2);
    expect(report.failed).toBe(4);
    expect(report.problems.map((problem) => problem.line)).toEqual([2, 3, 5, 7]);
    expect(report.problems[0]?.message).toBe('not valid JSON');
    expect(report.problems[1]?.message).toContain('niceClass');
    expect(report.problems[2]?.message).toContain('unexpected');
    expect((await marks()).map((row) => row.name)).toEqual(['ALPHA', 'DELTA']);
  });

  it('updates a mark with the same dataset and application number instead of adding one', async () => {
    await importJsonLines(
      t.ctx.db,
      lines(markRecord('OLD NAME', { applicationNumber: 'X1', dataset: 'GB' })),
    );
    await importJsonLines(
      t.ctx.db,
      lines(
        markRecord('NEW NAME', { applicationNumber: 'X1', dataset: 'GB', status: 'ended' }),
        markRecord('OTHER MARKET', { applicationNumber: 'X1', dataset: 'AU' }),
      ),
    );
    const rows = await marks();
    expect(rows.map((row) => [row.dataset, row.name, row.status])).toEqual([
      ['GB', 'NEW NAME', 'ended'],
      ['AU', 'OTHER MARKET', 'registered'],
    ]);
    const datasets = await t.ctx.db.selectFrom('trademark_datasets').selectAll().orderBy('code').execute();
    expect(datasets.map((row) => [row.code, row.mark_count])).toEqual([
      ['AU', 1],
      ['GB', 1],
    ]);
  });

  it('keeps the last of repeated records within one batch, in the place of the first', async () => {
    const report = await importJsonLines(
      t.ctx.db,
      lines(
        markRecord('FIRST TRY', { applicationNumber: 'R1', dataset: 'EM' }),
        markRecord('IN BETWEEN', { applicationNumber: 'R2', dataset: 'EM' }),
        markRecord('SECOND TRY', { applicationNumber: 'R1', dataset: 'EM', status: 'filed' }),
        markRecord('LAST WORD', { applicationNumber: 'R1', dataset: 'EM', status: 'ended' }),
      ),
    );
    expect(report.imported).toBe(4);
    expect((await marks()).map((row) => [row.application_number, row.name, row.status])).toEqual([
      ['R1', 'LAST WORD', 'ended'],
      ['R2', 'IN BETWEEN', 'registered'],
    ]);
  });

  it('stores the designations of international registrations and refuses bad ones with their line numbers', async () => {
    const report = await importJsonLines(
      t.ctx.db,
      lines(
        markRecord('MADRID ONE', {
          applicationNumber: 'W1',
          dataset: 'WO',
          designations: ['US', 'EM', 'CN'],
        }),
        markRecord('MADRID TWO', { applicationNumber: 'W2', dataset: 'WO', designations: ['fr'] }),
        markRecord('MADRID THREE', { applicationNumber: 'W3', dataset: 'WPP', designations: ['FRANCE'] }),
        markRecord('NATIONAL', { applicationNumber: 'N1', dataset: 'DE', designations: ['FR'] }),
        { ...markRecord('SPELT OUT', { applicationNumber: 'W4', dataset: 'WO' }), designations: 'US,EM' },
        markRecord('PLAIN', { applicationNumber: 'N2', dataset: 'DE' }),
      ),
    );
    expect(report.imported).toBe(2);
    expect(report.problems.map((problem) => problem.line)).toEqual([2, 3, 4, 5]);
    for (const problem of report.problems) expect(problem.message).toContain('designations');
    expect((await marks()).map((row) => [row.name, row.designations])).toEqual([
      ['MADRID ONE', 'CN,EM,US'],
      ['PLAIN', ''],
    ]);
    // A re-import replaces the list, as it does every other field.
    await importJsonLines(
      t.ctx.db,
      lines(markRecord('MADRID ONE', { applicationNumber: 'W1', dataset: 'WO', designations: ['JP'] })),
    );
    expect((await marks())[0]?.designations).toBe('JP');
  });

  it('reports a hostile over-long line without failing the file', async () => {
    const report = await importJsonLines(
      t.ctx.db,
      Readable.from([
        `${'x'.repeat(1_200_000)}\n${JSON.stringify(markRecord('AFTER', { applicationNumber: 'L1' }))}\n`,
      ]),
    );
    expect(report).toMatchObject({ imported: 1, failed: 1, problems: [{ line: 1 }] });
  });

  it('is picked up by the running search index without a restart', async () => {
    const admin = await t.loggedIn('indexer', 'admin');
    const search = () =>
      admin.request({
        method: 'POST',
        url: '/api/trademark/search',
        payload: { text: 'ZEPHYRIX', datasets: 'US' },
      });
    expect((await search()).json().data.total).toBe(0);
    await importJsonLines(t.ctx.db, lines(markRecord('ZEPHYRIX', { applicationNumber: 'Z1' })));
    expect((await search()).json().data.results[0]).toMatchObject({ name: 'ZEPHYRIX', similarityScore: 100 });
    await importJsonLines(
      t.ctx.db,
      lines(markRecord('ZEPHYRIX', { applicationNumber: 'Z1', status: 'ended' })),
    );
    const refiltered = await admin.request({
      method: 'POST',
      url: '/api/trademark/search',
      payload: { text: 'ZEPHYRIX', datasets: 'US', status: 'registered' },
    });
    expect(refiltered.json().data.total).toBe(0);
  });
});

const usptoFile = (caseFiles: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE trademark-applications-daily [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<trademark-applications-daily><application-information><file-segments><action-keys>
${caseFiles}
</action-keys></file-segments></application-information></trademark-applications-daily>`;

const caseFile = (serial: string, name: string | null, status: number, classes: string[], extra = '') => `
<case-file>
  <serial-number>${serial}</serial-number>
  <case-file-header>
    <filing-date>20240131</filing-date>
    <registration-date>${status >= 700 && status < 900 ? '20250102' : '0'}</registration-date>
    <status-code>${status}</status-code>
    ${name === null ? '' : `<mark-identification>${name}</mark-identification>`}
    <attorney-name>Jane Counsel</attorney-name>
  </case-file-header>
  <case-file-statements>
    ${classes.map((cls) => `<case-file-statement><type-code>GS0${cls}1</type-code><text>Goods of class ${cls}</text></case-file-statement>`).join('')}
  </case-file-statements>
  <classifications>${classes.map((cls) => `<classification><international-code>0${cls}</international-code></classification>`).join('')}</classifications>
  <case-file-owners><case-file-owner><party-name>ACME HOLDINGS LLC</party-name></case-file-owner></case-file-owners>
  ${extra}
</case-file>`;

describe('USPTO daily XML import', () => {
  it('keeps the date a case file was published for opposition', async () => {
    const xml = usptoFile(
      caseFile('97444444', 'PUBLISHED', 630, ['09']).replace(
        '<status-code>',
        '<published-for-opposition-date>20240604</published-for-opposition-date><status-code>',
      ),
    );
    await importUsptoXml(t.ctx.db, Readable.from([xml]));
    const row = await t.ctx.db
      .selectFrom('marks')
      .select('publication_date')
      .where('application_number', '=', '97444444')
      .executeTakeFirstOrThrow();
    expect(row.publication_date).toBe('2024-06-04');
  });

  it('reads case files into US marks with classes, goods, owner, attorney, dates and status', async () => {
    const xml = usptoFile(
      caseFile('97111111', 'ROCKET &amp; CO', 630, ['09', '42']) +
        caseFile('97222222', 'OLD BRAND', 602, ['25']) +
        caseFile('97333333', 'GOOD BRAND', 700, ['30']),
    );
    const report = await importUsptoXml(t.ctx.db, Readable.from([xml.slice(0, 500), xml.slice(500)]));
    expect(report).toMatchObject({ imported: 3, failed: 0 });
    const [rocket, old, good] = await marks();
    expect(rocket).toMatchObject({
      dataset: 'US',
      application_number: '97111111',
      name: 'ROCKET & CO',
      application_date: '2024-01-31',
      registration_date: null,
      nice_classes: '9,42',
      owner: 'ACME HOLDINGS LLC',
      attorney: 'Jane Counsel',
      status: 'filed',
    });
    expect(JSON.parse(rocket?.goods_and_services ?? '{}')).toEqual({
      '9': 'Goods of class 09',
      '42': 'Goods of class 42',
    });
    expect(old?.status).toBe('ended');
    expect(good).toMatchObject({ status: 'registered', registration_date: '2025-01-02' });
  });

  it('reports case files without a word mark or class, and refuses (never expands) entities', async () => {
    const xml = usptoFile(
      caseFile('97444444', null, 630, ['09']) +
        caseFile('97555555', 'NO CLASS', 630, []) +
        caseFile('97666666', '&lol4;&secret;', 630, ['09']) +
        caseFile('97888888', 'PLAIN', 630, ['09']),
    );
    const report = await importUsptoXml(t.ctx.db, Readable.from([xml]));
    expect(report).toMatchObject({ imported: 1, failed: 3 });
    expect(report.problems.map((problem) => [problem.record, problem.message.split(':')[0]])).toEqual([
      [1, 'case file 97444444'],
      [2, 'case file 97555555'],
      [3, 'case file 97666666'],
    ]);
    expect(report.problems[2]?.message).toContain('undefined entity');
    expect((await marks()).map((row) => row.name)).toEqual(['PLAIN']);
  });

  it('reports a file that is not well-formed XML as a fault, keeping the case files before it', async () => {
    const xml = usptoFile(caseFile('97777777', 'BEFORE', 630, ['09'])).replace(
      '</action-keys>',
      '<broken></action-keys>',
    );
    const report = await importUsptoXml(t.ctx.db, Readable.from([xml]));
    expect(report.imported).toBe(1);
    expect(report.faults.at(-1)?.message).toMatch(/not well formed/);
  });

  it('keys goods by the international class of the classification their US class belongs to', async () => {
    // A class 22 mark whose goods statement carries US class 007 (GS0071): no class 7 on the card.
    const legacy = caseFile('71000001', 'ROPEWORKS', 800, [])
      .replace(
        '<classifications></classifications>',
        `<classifications><classification><international-code>022</international-code>
        <us-code>007</us-code><us-code>019</us-code><primary-code>022</primary-code></classification></classifications>`,
      )
      .replace(
        '<case-file-statements>',
        '<case-file-statements><case-file-statement><type-code>GS0071</type-code><text>Ropes and twine</text></case-file-statement>',
      );
    const report = await importUsptoXml(t.ctx.db, Readable.from([usptoFile(legacy)]));
    expect(report).toMatchObject({ imported: 1, failed: 0 });
    const [row] = await marks();
    expect(row?.nice_classes).toBe('22');
    expect(JSON.parse(row?.goods_and_services ?? '{}')).toEqual({ '22': 'Ropes and twine (US class 7)' });
  });

  it.each([
    [602, 'ended'],
    [630, 'filed'],
    [686, 'filed'],
    [700, 'registered'],
    [800, 'registered'],
    [710, 'ended'],
    [900, 'ended'],
    [0, 'unknown'],
  ])('maps status code %i to %s', (code, status) => {
    expect(usptoStatus(code)).toBe(status);
  });
});

describe('synthetic corpus and reference data', () => {
  it('generates the same marks for the same seed, valid for import', async () => {
    const first = syntheticMarks(500, 7);
    expect(syntheticMarks(500, 7)).toEqual(first);
    expect(syntheticMarks(500, 8)).not.toEqual(first);
    const report = await importJsonLines(t.ctx.db, lines(...first));
    expect(report).toMatchObject({ imported: 500, failed: 0 });
    const markets = new Set(first.map((mark) => mark.dataset));
    for (const market of ['US', 'EM', 'CN', 'JP', 'DE']) expect(markets.has(market)).toBe(true);
    const designating = await t.ctx.db
      .selectFrom('marks')
      .select('dataset')
      .where('designations', '!=', '')
      .execute();
    expect(designating.length).toBeGreaterThan(0);
    expect(designating.every((row) => row.dataset === 'WO' || row.dataset === 'WPP')).toBe(true);
  });

  it('falls back to the built-in USPTO coordinated classes, and loads a reference folder', async () => {
    expect((await loadAssociationTables(t.ctx.db)).coordinated?.[9]).toBeDefined();
    const dir = await mkdtemp(path.join(tmpdir(), 'kxt-ref-'));
    await writeFile(
      path.join(dir, 'coordinated-classes.us.json'),
      JSON.stringify({ classes: { '9': [38], '38': [9] } }),
    );
    await writeFile(
      path.join(dir, 'classes.zh.json'),
      JSON.stringify([{ class: 9, titleZh: '第九类', headingZh: '科学仪器' }]),
    );
    const report = await importReferenceData(t.ctx.db, dir);
    expect(report).toMatchObject({ classes: 1, usptoAssociations: 2, missing: ['similar-groups.zh.json'] });
    expect((await loadAssociationTables(t.ctx.db)).coordinated).toEqual({ 9: [38], 38: [9] });
  });

  const SHARED = path.resolve(import.meta.dirname, '../../../../../../shared/data/nice');
  it.runIf(existsSync(SHARED))('loads the shared Nice reference data', async () => {
    const report = await importReferenceData(t.ctx.db, SHARED);
    expect(report.classes).toBe(45);
    expect(report.usptoAssociations).toBeGreaterThan(0);
    expect(report.cnipaAssociations).toBeGreaterThan(0);
    expect(report.missing).toEqual([]);
  });
});
