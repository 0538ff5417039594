import { describe, expect, it } from 'vitest';
import {
  canTransition,
  customerStatusTabs,
  PATENT_ACTION_PRIORITY,
  PATENT_STATUSES,
  PATENT_TRANSITIONS,
  type PatentAction,
  type PatentActionFacts,
  type PatentActor,
  type PatentTransition,
  patentActions,
  patentStatusLabel,
  transitionTarget,
} from './patents.ts';

const row = (status: number, facts: Partial<PatentActionFacts> = {}): PatentActionFacts => ({
  status,
  countryCode: 'GB',
  brandDataInfo: null,
  oaDataInfo: null,
  answerDataUrl: null,
  recheckReceipt: null,
  orderDataInfo: { isSpeed: false },
  ...facts,
});

/** Every condition an action may need, all true. */
const everything: Partial<PatentActionFacts> = {
  countryCode: 'US',
  brandDataInfo: {},
  oaDataInfo: {},
  answerDataUrl: '/api/files/x',
  recheckReceipt: '/api/files/y',
  orderDataInfo: { isSpeed: true },
};

/** Spec §4 "Actions by status", status by status: [with no extra facts, with every condition met]. */
const EXPECTED: Record<number, [PatentAction[], PatentAction[]]> = {
  1: [['uploadMaterials'], ['uploadMaterials']],
  [-1]: [
    ['reuploadMaterials', 'viewRejectionReasons'],
    ['reuploadMaterials', 'viewRejectionReasons'],
  ],
  2: [['viewMaterials'], ['viewMaterials']],
  3: [['viewMaterials'], ['viewMaterials']],
  4: [
    ['viewMaterials', 'viewFilingReceipt'],
    ['viewMaterials', 'viewPatentInfo', 'viewFilingReceipt', 'viewExpeditedNotice'],
  ],
  5: [
    ['viewMaterials', 'viewFilingReceipt', 'uploadReplyPackage'],
    ['viewMaterials', 'viewPatentInfo', 'viewFilingReceipt', 'viewOfficeAction', 'uploadReplyPackage'],
  ],
  [-2]: [
    ['viewMaterials', 'viewReplyRejection'],
    ['viewMaterials', 'viewPatentInfo', 'viewReplyRejection', 'viewOfficeAction', 'reuploadReplyPackage'],
  ],
  6: [
    ['viewMaterials', 'viewFilingReceipt', 'downloadReplyPackage'],
    ['viewMaterials', 'viewPatentInfo', 'viewFilingReceipt', 'viewOfficeAction', 'downloadReplyPackage'],
  ],
  7: [
    ['viewMaterials', 'viewFilingReceipt', 'downloadReplyPackage'],
    ['viewMaterials', 'viewPatentInfo', 'viewFilingReceipt', 'viewOfficeAction', 'downloadReplyPackage'],
  ],
  8: [
    ['viewMaterials', 'viewFilingReceipt', 'downloadReplyPackage'],
    [
      'viewMaterials',
      'viewPatentInfo',
      'viewFilingReceipt',
      'viewOfficeAction',
      'downloadReplyPackage',
      'viewReviewReceipt',
    ],
  ],
  9: [
    ['viewMaterials', 'downloadReplyPackage'],
    ['viewMaterials', 'viewPatentInfo', 'viewOfficeAction', 'downloadReplyPackage', 'viewReviewReceipt'],
  ],
  10: [
    ['viewMaterials', 'viewFilingReceipt', 'downloadReplyPackage'],
    [
      'viewMaterials',
      'viewPatentInfo',
      'viewFilingReceipt',
      'viewOfficeAction',
      'downloadReplyPackage',
      'viewReviewReceipt',
      'viewExpeditedNotice',
    ],
  ],
  11: [
    ['viewMaterials', 'viewFilingReceipt', 'downloadReplyPackage', 'viewCertificate', 'viewRegistrationInfo'],
    [
      'viewMaterials',
      'viewPatentInfo',
      'viewFilingReceipt',
      'viewOfficeAction',
      'downloadReplyPackage',
      'viewReviewReceipt',
      'viewCertificate',
      'viewRegistrationInfo',
      'viewExpeditedNotice',
    ],
  ],
  12: [
    ['viewMaterials', 'viewFilingReceipt', 'payAuthorizationFee', 'downloadReplyPackage'],
    [
      'viewMaterials',
      'viewPatentInfo',
      'viewFilingReceipt',
      'payAuthorizationFee',
      'viewOfficeAction',
      'downloadReplyPackage',
      'viewReviewReceipt',
      'viewExpeditedNotice',
    ],
  ],
  19: [
    ['viewMaterials', 'viewFilingReceipt', 'downloadReplyPackage'],
    [
      'viewMaterials',
      'viewPatentInfo',
      'viewFilingReceipt',
      'viewOfficeAction',
      'downloadReplyPackage',
      'viewReviewReceipt',
      'viewExpeditedNotice',
    ],
  ],
  20: [
    ['viewMaterials', 'viewFilingReceipt', 'downloadReplyPackage'],
    [
      'viewMaterials',
      'viewPatentInfo',
      'viewFilingReceipt',
      'viewOfficeAction',
      'downloadReplyPackage',
      'viewReviewReceipt',
      'viewExpeditedNotice',
    ],
  ],
  [-3]: [['viewMaterials'], ['viewMaterials', 'viewPatentInfo', 'viewOfficeAction']],
  [-6]: [['viewMaterials'], ['viewMaterials']],
  [-7]: [['viewMaterials'], ['viewMaterials']],
};

describe('actions by status (spec §4)', () => {
  it('covers every status', () => {
    expect(Object.keys(EXPECTED).map(Number).sort()).toEqual([...PATENT_STATUSES].sort());
  });

  it.each(PATENT_STATUSES.map((status) => [status]))('status %i', (status) => {
    const [bare, full] = EXPECTED[status] as [PatentAction[], PatentAction[]];
    const sorted = (actions: readonly PatentAction[]) => [...actions].sort();
    expect(sorted(patentActions(row(status)))).toEqual(sorted(bare));
    expect(sorted(patentActions(row(status, everything)))).toEqual(sorted(full));
  });

  it("puts the status's step first, then the record the status is about", () => {
    const firstTwo = (status: number) => patentActions(row(status, everything)).slice(0, 2);
    expect(firstTwo(1)).toEqual(['uploadMaterials']);
    expect(firstTwo(-1)).toEqual(['reuploadMaterials', 'viewRejectionReasons']);
    expect(firstTwo(5)).toEqual(['uploadReplyPackage', 'viewOfficeAction']);
    expect(firstTwo(-2)).toEqual(['reuploadReplyPackage', 'viewReplyRejection']);
    expect(firstTwo(12)).toEqual(['payAuthorizationFee', 'viewReviewReceipt']);
    expect(firstTwo(11)).toEqual(['viewCertificate', 'viewRegistrationInfo']);
    // A first choice whose condition fails is left out, and the rules' order follows.
    expect(patentActions(row(5)).slice(0, 2)).toEqual(['uploadReplyPackage', 'viewMaterials']);
  });

  it('only names first choices the rules allow at their status', () => {
    for (const [status, actions] of Object.entries(PATENT_ACTION_PRIORITY)) {
      const allowed = patentActions(row(Number(status), everything));
      for (const action of actions ?? []) expect(allowed).toContain(action);
    }
  });

  it('needs each condition on its own', () => {
    expect(patentActions(row(4, { brandDataInfo: {} }))).toContain('viewPatentInfo');
    expect(patentActions(row(5, { oaDataInfo: {} }))).toContain('viewOfficeAction');
    expect(patentActions(row(-2, { answerDataUrl: '/api/files/x' }))).toContain('reuploadReplyPackage');
    expect(patentActions(row(8, { recheckReceipt: '/api/files/y' }))).toContain('viewReviewReceipt');
    // The expedited notice is for US orders with isSpeed: either alone is not enough.
    expect(patentActions(row(4, { orderDataInfo: { isSpeed: true } }))).not.toContain('viewExpeditedNotice');
    expect(patentActions(row(4, { countryCode: 'US' }))).not.toContain('viewExpeditedNotice');
    expect(patentActions(row(4, { countryCode: 'US', orderDataInfo: { isSpeed: true } }))).toContain(
      'viewExpeditedNotice',
    );
  });
});

/** Every allowed move: transition, from, actor, to. */
const ALLOWED: [PatentTransition, number, PatentActor, number][] = [
  ['submitMaterials', 1, 'customer', 2],
  ['submitMaterials', -1, 'customer', 2],
  ['approveMaterials', 2, 'reviewer', 3],
  ['rejectMaterials', 2, 'admin', -1],
  ['submitFiling', 3, 'reviewer', 4],
  ['enterOfficeAction', 4, 'reviewer', 5],
  ['enterOfficeAction', 7, 'admin', 5],
  ['enterOfficeAction', 8, 'reviewer', 5],
  ['uploadReply', 5, 'customer', 6],
  ['uploadReply', -2, 'customer', 6],
  ['acceptReply', 6, 'reviewer', 7],
  ['rejectReply', 6, 'reviewer', -2],
  ['enterReviewReceipt', 4, 'reviewer', 8],
  ['enterReviewReceipt', 7, 'admin', 8],
  ['allow', 4, 'reviewer', 9],
  ['allow', 7, 'reviewer', 9],
  ['allow', 8, 'admin', 9],
  ['setAuthorizationFee', 9, 'reviewer', 12],
  ['waiveAuthorizationFee', 9, 'admin', 10],
  ['payAuthorizationFee', 12, 'payment', 10],
  ['registerJapan', 19, 'reviewer', 20],
  ['issueCertificate', 10, 'reviewer', 11],
  ['issueCertificate', 20, 'admin', 11],
  ...([1, -1, 2, 3] as const).map((from): [PatentTransition, number, PatentActor, number] => [
    'cancel',
    from,
    'admin',
    -3,
  ]),
  ...([1, -1, 2, 3, 4, 5, -2, 6, 7, 8, 9, 12, 10, 19] as const).map(
    (from): [PatentTransition, number, PatentActor, number] => ['refund', from, 'admin', -6],
  ),
  ...([1, -1, 2, 3, 4, 5, -2, 6, 7, 8, 9, 12, 10, 19] as const).map(
    (from): [PatentTransition, number, PatentActor, number] => ['refund', from, 'payment', -6],
  ),
  ...([1, -1, 2, 3, 4, 5, -2, 6, 7, 8, 9, 10, 12, 19, 20] as const).map(
    (from): [PatentTransition, number, PatentActor, number] => ['close', from, 'admin', -7],
  ),
];

describe('transitions', () => {
  it.each(ALLOWED)('%s from %i by %s → %i', (transition, from, actor, to) => {
    expect(canTransition(transition, from, actor)).toBe(true);
    expect(transitionTarget(transition, 44)).toBe(to);
  });

  it('allows nothing else: the table above is the whole table', () => {
    const allowed = new Set(ALLOWED.map(([transition, from, actor]) => `${transition}|${from}|${actor}`));
    const actors: PatentActor[] = ['customer', 'reviewer', 'admin', 'payment'];
    for (const transition of Object.keys(PATENT_TRANSITIONS) as PatentTransition[]) {
      for (const from of PATENT_STATUSES) {
        for (const actor of actors) {
          const key = `${transition}|${from}|${actor}`;
          const expected =
            allowed.has(key) ||
            // The table names both staff roles for staff moves; the list above samples one of them.
            (actor !== 'customer' &&
              actor !== 'payment' &&
              (PATENT_TRANSITIONS[transition].by as readonly string[]).includes(actor) &&
              ALLOWED.some(([t, f]) => t === transition && f === from));
          expect(canTransition(transition, from, actor), key).toBe(expected);
        }
      }
    }
  });

  it('refuses samples: customers approving, reviewers cancelling, anything out of a final state', () => {
    expect(canTransition('approveMaterials', 2, 'customer')).toBe(false);
    expect(canTransition('submitMaterials', 2, 'customer')).toBe(false);
    expect(canTransition('submitMaterials', 1, 'reviewer')).toBe(false);
    expect(canTransition('cancel', 1, 'reviewer')).toBe(false);
    expect(canTransition('cancel', 4, 'admin')).toBe(false);
    expect(canTransition('payAuthorizationFee', 12, 'admin')).toBe(false);
    expect(canTransition('issueCertificate', 9, 'admin')).toBe(false);
    expect(canTransition('refund', 20, 'admin')).toBe(false);
    expect(canTransition('refund', 2, 'reviewer')).toBe(false);
    for (const from of [11, -3, -6, -7]) {
      for (const transition of Object.keys(PATENT_TRANSITIONS) as PatentTransition[]) {
        expect(canTransition(transition, from, 'admin'), `${transition} from ${from}`).toBe(false);
      }
    }
  });

  it('sends a paid fee in Japan (42) to 19 instead of 10', () => {
    expect(transitionTarget('payAuthorizationFee', 42)).toBe(19);
    expect(transitionTarget('payAuthorizationFee', 1)).toBe(10);
    expect(transitionTarget('registerJapan', 42)).toBe(20);
  });
});

describe('status tabs and labels', () => {
  it('hides -3/-6/-7 from the customer, and shows 19/20 only for Japan', () => {
    expect(customerStatusTabs()).toEqual([1, -1, 2, 3, 4, 5, -2, 6, 7, 8, 9, 10, 11, 12]);
    expect(customerStatusTabs(42)).toEqual([1, -1, 2, 3, 4, 5, -2, 6, 7, 8, 9, 10, 11, 12, 19, 20]);
  });

  it('labels every status in both languages', () => {
    for (const status of PATENT_STATUSES) {
      expect(patentStatusLabel(status, 'zh-CN')).not.toBe(String(status));
      expect(patentStatusLabel(status, 'en-US')).toMatch(/^[A-Z]/);
    }
    expect(patentStatusLabel(99, 'zh-CN')).toBe('99');
  });
});
