import { dataEnvelope, listEnvelope } from '@kxt/contracts/envelope';
import { idParams } from '@kxt/contracts/ids';
import { patentQueueQuery, patentQueueRow, patentQueueSummary } from '@kxt/contracts/patent-queue';
import {
  adminPatentListQuery,
  adminPatentRow,
  authorizationFeeBody,
  certificateBody,
  expeditedNoticeBody,
  filingReceiptBody,
  materialsAnswer,
  officeActionBody,
  officeActionDeadlineBody,
  patentHistoryEntry,
  patentListEnvelope,
  registrationBody,
  reviewBody,
  reviewReceiptBody,
  transitionBody,
  usFilingBody,
} from '@kxt/contracts/patents';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http-error.ts';
import { actorOf } from '../../lib/actor.ts';
import { ok, okList } from '../../lib/envelope.ts';
import {
  adminMaterials,
  adminPatentDetail,
  adminPatentList,
  attachExpeditedNotice,
  correctOfficeActionDeadline,
  enterOfficeAction,
  enterReviewReceipt,
  issueCertificate,
  moveOrder,
  patentHistory,
  reviewMaterials,
  reviewReply,
  type StaffActor,
  saveFilingReceipt,
  saveRegistration,
  saveUsFiling,
  setAuthorizationFee,
} from './admin-service.ts';
import { patentQueue, patentQueueSummary as queueSummary } from './queue.ts';
import { patentActorOf } from './transitions.ts';

const REVIEWERS = ['reviewer', 'admin'] as const;
const statusAnswer = dataEnvelope(z.object({ status: z.number().int() }));

function staffOf(request: FastifyRequest): StaffActor {
  if (!request.user) throw unauthorized();
  return { userId: request.user.id, role: patentActorOf(request.user.role), audit: actorOf(request) };
}

/** The review back office's patent calls (`reviewer` and `admin`): every customer's orders and the moves. */
export async function patentAdminRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/patents',
    {
      config: { access: REVIEWERS },
      schema: {
        tags: ['patents'],
        summary: 'Every customer’s patent orders, paged, with a count per status (obj)',
        querystring: adminPatentListQuery,
        response: { 200: patentListEnvelope(adminPatentRow) },
      },
    },
    async (request) => {
      const { rows, total, obj } = await adminPatentList(
        db,
        request.query,
        request.locale,
        request.t('tab.all'),
      );
      return okList(rows, total, { obj });
    },
  );

  routes.get(
    '/api/admin/patents/queue',
    {
      config: { access: REVIEWERS },
      schema: {
        tags: ['patents'],
        summary:
          'The reviewer’s queue: orders of one view (waiting on staff by default), nearest OA reply deadline first, then longest waiting',
        querystring: patentQueueQuery,
        response: { 200: listEnvelope(patentQueueRow) },
      },
    },
    async (request) => {
      const { rows, total } = await patentQueue(db, request.query, request.locale);
      return okList(rows, total);
    },
  );

  routes.get(
    '/api/admin/patents/queue/summary',
    {
      config: { access: REVIEWERS },
      schema: {
        tags: ['patents'],
        summary:
          'The 工作台 counts: waiting on staff, OA replies due within 7 days, overdue, waiting on the customer',
        response: { 200: dataEnvelope(patentQueueSummary) },
      },
    },
    async (request) => ok(await queueSummary(db), request.t('ok')),
  );

  routes.get(
    '/api/admin/patents/:id',
    {
      config: { access: REVIEWERS },
      schema: {
        tags: ['patents'],
        summary: 'One patent order, with saved (type 0) records',
        params: idParams,
        response: { 200: dataEnvelope(adminPatentRow) },
      },
    },
    async (request) => ok(await adminPatentDetail(db, request.params.id, request.locale), request.t('ok')),
  );

  routes.get(
    '/api/admin/patents/:id/history',
    {
      config: { access: REVIEWERS },
      schema: {
        tags: ['patents'],
        summary: 'The order’s audit trail: every move and saved record, oldest first',
        params: idParams,
        response: { 200: dataEnvelope(z.array(patentHistoryEntry)) },
      },
    },
    async (request) => ok(await patentHistory(db, request.params.id), request.t('ok')),
  );

  routes.get(
    '/api/admin/patents/:id/materials',
    {
      config: { access: REVIEWERS },
      schema: {
        tags: ['patents'],
        summary: 'The submitted materials (else the draft), additional rules and rejection reasons',
        params: idParams,
        response: { 200: dataEnvelope(materialsAnswer) },
      },
    },
    async (request) => ok(await adminMaterials(db, request.params.id, request.locale), request.t('ok')),
  );

  const action = <S extends z.ZodType>(
    path: string,
    summary: string,
    body: S,
    run: (id: number, body: z.infer<S>, staff: StaffActor) => Promise<number>,
  ) =>
    routes.post(
      `/api/admin/patents/:id/${path}`,
      {
        config: { access: REVIEWERS },
        schema: { tags: ['patents'], summary, params: idParams, body, response: { 200: statusAnswer } },
      },
      async (request) => {
        const status = await run(request.params.id, request.body as z.infer<S>, staffOf(request));
        return ok({ status }, request.t('ok'));
      },
    );

  action(
    'materials-review',
    'Approve the materials (2 → 3) or reject them with a reason (2 → -1)',
    reviewBody,
    (id, body, staff) => reviewMaterials(db, id, body, staff),
  );
  action(
    'filing-receipt',
    'Dialog type 1 (not US): save (type 0) or submit (type 1: validated, 3 → 4)',
    filingReceiptBody,
    (id, body, staff) => saveFilingReceipt(db, id, body, staff),
  );
  action(
    'us-filing',
    'Dialog type 7 (US): the two records; save, or submit (3 → 4)',
    usFilingBody,
    (id, body, staff) => saveUsFiling(db, id, body, staff),
  );
  action(
    'registration',
    'Dialog types 3/4: registration info at 9, 10, 12, 19, 20; save or submit, no move',
    registrationBody,
    (id, body, staff) => saveRegistration(db, id, body, staff),
  );
  action(
    'office-action',
    'Dialog type 5: an office action (4/7/8 → 5)',
    officeActionBody,
    (id, body, staff) => enterOfficeAction(db, id, body, staff),
  );
  action(
    'office-action/deadline',
    'Correct the reply deadline of the newest office action at 5, with a reason (audited); no move',
    officeActionDeadlineBody,
    (id, body, staff) => correctOfficeActionDeadline(db, id, body, staff),
  );
  action(
    'reply-review',
    'Accept the reply package (6 → 7) or reject it with a reason (6 → -2)',
    reviewBody,
    (id, body, staff) => reviewReply(db, id, body, staff),
  );
  action(
    'review-receipt',
    'The examination receipt: date and pdf (4/7 → 8)',
    reviewReceiptBody,
    (id, body, staff) => enterReviewReceipt(db, id, body, staff),
  );
  action('certificate', 'Dialog type 11: the certificate (10/20 → 11)', certificateBody, (id, body, staff) =>
    issueCertificate(db, id, body, staff),
  );
  action(
    'authorization-fee',
    'Set the authorization fee in fen (9 → 12)',
    authorizationFeeBody,
    (id, body, staff) => setAuthorizationFee(db, id, body, staff),
  );
  action(
    'expedited-notice',
    'The expedited-approval notice of an expedited US order; no move',
    expeditedNoticeBody,
    (id, body, staff) => attachExpeditedNotice(db, id, body, staff),
  );
  action(
    'transition',
    'Moves without a form: allow, waiveAuthorizationFee, registerJapan, cancel, refund, close',
    transitionBody,
    (id, body, staff) => moveOrder(db, id, body, staff),
  );
}
