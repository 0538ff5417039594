import { AGREEMENT_NAMES, type AgreementName } from '@kxt/contracts/agreements';
import { signUrl } from '@kxt/contracts/signing';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { CountCache } from '../../lib/count-cache.ts';
import { DAY, isoBefore, nowIso } from '../../lib/time.ts';
import type { FileStorage } from '../files/storage.ts';
import { demoSignature } from './demo-pages.ts';
import { DEMO_TEMPLATES } from './demo-templates.ts';
import { CONSENT_VERSION, consentTexts } from './identity.ts';
import { encodeImage } from './images.ts';
import { type AgreementDeps, createAgreement, createTemplate, revokeAgreement } from './service.ts';
import { agreementInfo, confirm, uploadSignature } from './signing.ts';

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

/** The demo customer's signer: the sandbox shows the codes sent to this number in the back office's message list. */
export const DEMO_SIGNER = { signerName: '张伟', signerMobile: '13800138000' };

const DEMO_TERMS: Record<AgreementName, { serviceName: string; price: string }> = {
  知识产权服务协议: { serviceName: '商标注册及知识产权代理', price: '6,800.00' },
  VAT服务协议: { serviceName: '欧盟及英国 VAT 税号注册与申报', price: '12,000.00' },
  EPR服务协议: { serviceName: '德国及法国 EPR 注册与申报', price: '4,500.00' },
  海外公司注册服务协议: { serviceName: '美国特拉华州公司注册', price: '9,800.00' },
  产品合规服务协议: { serviceName: 'CE 认证及欧盟授权代表', price: '15,600.00' },
};

/**
 * The signed demo agreement's identity check, written as if the signer had confirmed a code: the seed cannot read
 * the code it would send (only its hash is kept).
 */
async function confirmIdentityForDemo(db: Kysely<DB>, agreementId: number) {
  const at = nowIso();
  await db
    .updateTable('agreements')
    .set({
      identity_code_sent_at: at,
      identity_confirmed_at: at,
      identity_ip: SEED_CLIENT.ip,
      identity_user_agent: SEED_CLIENT.userAgent,
      consent_version: CONSENT_VERSION,
      consent_language: 'zh-CN',
      consent_text: consentTexts()['zh-CN'],
      consent_at: at,
    })
    .where('id', '=', agreementId)
    .execute();
}

/**
 * A text template (version 1, Chinese terms with merge fields) for every agreement name, and one agreement for the customer in each state
 * the page can meet: unread, read, signed (through the real signing path, so it has its signed page and PDF),
 * expired and revoked.
 */
export async function seedDemoAgreements(
  deps: { db: Kysely<DB>; storage: FileStorage; countCache?: CountCache },
  ids: { adminUserId: number; customerId: number },
): Promise<void> {
  const full: AgreementDeps = { ...deps, countCache: deps.countCache ?? new CountCache(deps.db) };
  const actor = { actorUserId: ids.adminUserId, ...SEED_CLIENT };
  for (const name of AGREEMENT_NAMES) {
    await createTemplate(full, { agreementName: name, ...DEMO_TEMPLATES[name] }, actor);
  }

  const create = (state: DemoAgreementState) =>
    createAgreement(
      full,
      {
        customerId: ids.customerId,
        agreementName: DEMO_PLAN[state],
        ...DEMO_SIGNER,
        ...DEMO_TERMS[DEMO_PLAN[state]],
      },
      actor,
    );

  await create('unread');

  const read = await create('read');
  await agreementInfo(full, read.code, SEED_CLIENT);
  await confirm(full, { code: read.code, status: 1 }, SEED_CLIENT);

  const signed = await create('signed');
  await agreementInfo(full, signed.code, SEED_CLIENT);
  await confirm(full, { code: signed.code, status: 1 }, SEED_CLIENT);
  await confirmIdentityForDemo(deps.db, signed.id);
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
