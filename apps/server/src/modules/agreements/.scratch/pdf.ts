import { writeFileSync } from 'node:fs';
import { createTestApp } from '../../../test/test-app.ts';
import { seedDemo } from '../../demo/seed.ts';

const t = await createTestApp();
const started = Date.now();
await seedDemo(t.ctx.db, 'demo123456', { storage: t.ctx.storage, marks: 10 });
console.log('seed ms', Date.now() - started);
const admin = t.client();
await admin.login('admin', 'demo123456');
const list = (await admin.get('/api/admin/agreements')).json();
console.log(JSON.stringify(list.statusTabList), list.total);
const signed = list.rows.find((r: { status: number }) => r.status === 2);
const detail = (await admin.get(`/api/admin/agreements/${signed.id}`)).json().data;
const pdf = await admin.get(detail.signedPdfUrl);
writeFileSync('/tmp/agr/signed.pdf', pdf.rawPayload);
console.log(
  pdf.rawPayload.length,
  detail.audit.map((a: { action: string }) => a.action),
);
await t.close();
