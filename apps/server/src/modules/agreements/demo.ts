import {
  AGREEMENT_CODES,
  AGREEMENT_NAMES,
  type AgreementName,
  DEFAULT_SIGNATURE_BOX,
} from '@kxt/contracts/agreements';
import { signUrl } from '@kxt/contracts/signing';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { CountCache } from '../../lib/count-cache.ts';
import { DAY, isoBefore, nowIso } from '../../lib/time.ts';
import { storeFile } from '../files/service.ts';
import type { FileStorage } from '../files/storage.ts';
import { demoAgreementPages, demoSignature } from './demo-pages.ts';
import { encodeImage } from './images.ts';
import { type AgreementDeps, createAgreement, createTemplate, revokeAgreement } from './service.ts';
import { agreementInfo, confirm, uploadSignature } from './signing.ts';

const TITLES: Record<AgreementName, { title: string; pages: number }> = {
  知识产权服务协议: { title: 'INTELLECTUAL PROPERTY SERVICE', pages: 3 },
  VAT服务协议: { title: 'VAT SERVICE', pages: 2 },
  EPR服务协议: { title: 'EPR SERVICE', pages: 2 },
  海外公司注册服务协议: { title: 'OVERSEAS COMPANY REGISTRATION', pages: 3 },
  产品合规服务协议: { title: 'PRODUCT COMPLIANCE SERVICE', pages: 2 },
};

export const DEMO_AGREEMENT_STATES = ['unread', 'read', 'signed', 'expired', 'revoked'] as const;
export type DemoAgreementState = (typeof DEMO_AGREEMENT_STATES)[number];

/** Which agreement each demo state uses: five states, five names. */
const DEMO_PLAN: Record<DemoAgreementState, AgreementName> = {
  unread: '知识产权服务协议',
  read: 'VAT服务协议',
  signed: 'EPR服务协议',
  expired: '海外公司注册服务协议',
  revoked: '产品合规服务协议',
};

const SEED_CLIENT = { ip: '127.0.0.1', userAgent: 'KXT demo seed' };

/**
 * A template (version 1, drawn pages) for every agreement name, and one agreement for the customer in each state
 * the page can meet: unread, read, signed (through the real signing path, so it has its signed page and PDF),
 * expired and revoked.
 */
export async function seedDemoAgreements(
  deps: { db: Kysely<DB>; storage: FileStorage; countCache?: CountCache },
  ids: { adminUserId: number; customerId: number },
): Promise<void> {
  const full: AgreementDeps = { ...deps, countCache: deps.countCache ?? new CountCache() };
  const actor = { actorUserId: ids.adminUserId, ...SEED_CLIENT };
  for (const name of AGREEMENT_NAMES) {
    const { title, pages } = TITLES[name];
    const pageFileIds: string[] = [];
    for (const [index, page] of demoAgreementPages(title, pages, DEFAULT_SIGNATURE_BOX).entries()) {
      const stored = await storeFile(
        full,
        'agreement-page',
        {
          name: `${AGREEMENT_CODES[name]}-page-${index + 1}.png`,
          content: encodeImage(page, 'image/png'),
          truncated: false,
        },
        { userId: ids.adminUserId, customerId: null },
      );
      pageFileIds.push(stored.id);
    }
    await createTemplate(full, { agreementName: name, pageFileIds }, actor);
  }

  const create = (state: DemoAgreementState) =>
    createAgreement(full, { customerId: ids.customerId, agreementName: DEMO_PLAN[state] }, actor);

  await create('unread');

  const read = await create('read');
  await agreementInfo(full, read.code, SEED_CLIENT);
  await confirm(full, { code: read.code, status: 1 }, SEED_CLIENT);

  const signed = await create('signed');
  await agreementInfo(full, signed.code, SEED_CLIENT);
  await confirm(full, { code: signed.code, status: 1 }, SEED_CLIENT);
  const [upload] = await uploadSignature(
    full,
    signed.code,
    { name: 'signature.png', content: encodeImage(demoSignature(), 'image/png'), truncated: false },
    SEED_CLIENT,
  );
  await confirm(full, { code: signed.code, status: 2, url: upload?.url ?? '' }, SEED_CLIENT);

  const expired = await create('expired');
  await deps.db
    .updateTable('agreements')
    .set({ created_at: isoBefore(31 * DAY), expires_at: isoBefore(DAY), updated_at: nowIso() })
    .where('id', '=', expired.id)
    .execute();

  const revoked = await create('revoked');
  await revokeAgreement(full, revoked.id, 'demo: sent by mistake', actor);
}

/** The signing links of a customer's agreements with the state each is in, for the start-up banner. */
export async function agreementLinksOf(db: Kysely<DB>, username: string, now = nowIso()) {
  const rows = await db
    .selectFrom('agreements')
    .innerJoin('users', 'users.customer_id', 'agreements.customer_id')
    .select([
      'agreements.id',
      'agreements.code',
      'agreements.status',
      'agreements.revoked',
      'agreements.expires_at',
    ])
    .where('users.username', '=', username)
    .orderBy('agreements.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    state: row.revoked
      ? 'revoked'
      : row.expires_at <= now
        ? 'expired'
        : (['unread', 'read', 'signed'][row.status] ?? String(row.status)),
    path: signUrl(row.code),
  }));
}
