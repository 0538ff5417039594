import { z } from 'zod';
import { recordId, recordIdParam } from './ids.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paging.ts';
import { DEFAULT_RISK_THRESHOLDS } from './risk.ts';

/** A company's first watch is free for this many days (issue #21). */
export const WATCH_TRIAL_DAYS = 30;
/** By default a watch reports marks of the high band and above: what the search screen colours as a risk. */
export const DEFAULT_WATCH_THRESHOLD = DEFAULT_RISK_THRESHOLDS.high;
export const MAX_OWN_MARKS = 100;
export const MAX_FORMS = 5;

/** Where a watch is in its life; `expired` is read from its end date, not stored. */
export const WATCH_STATUSES = ['trial', 'awaiting_payment', 'active', 'expired', 'cancelled'] as const;
export type WatchStatus = (typeof WATCH_STATUSES)[number];

/** What the company (or its consultant) made of a hit. */
export const HIT_REVIEWS = ['new', 'not_relevant', 'consultant'] as const;
export type HitReview = (typeof HIT_REVIEWS)[number];

const marketCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2,3}$/);

export const newWatch = z
  .object({
    /** Staff watch for a customer; a customer always watches for their own company. */
    customerId: recordId.optional(),
    text: z.string().trim().min(1).max(100),
    /** The mark's other forms (its Chinese or Latin writing, 耐克 for NIKE): each is watched as well. */
    forms: z.array(z.string().trim().min(1).max(100)).max(MAX_FORMS).default([]),
    countries: z.array(marketCode).min(1).max(30),
    /** Nice classes; none watches every class. */
    classes: z.array(z.number().int().min(1).max(45)).max(45).default([]),
    threshold: z.number().int().min(50).max(100).default(DEFAULT_WATCH_THRESHOLD),
    /** Application numbers of the company's own marks, never reported. */
    ownMarks: z.array(z.string().trim().min(1).max(40)).max(MAX_OWN_MARKS).default([]),
  })
  .strict();
export type NewWatch = z.infer<typeof newWatch>;

export const watchRow = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  text: z.string(),
  forms: z.array(z.string()),
  countries: z.array(z.string()),
  classes: z.array(z.number().int()),
  threshold: z.number().int(),
  ownMarks: z.array(z.string()),
  status: z.enum(WATCH_STATUSES),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  hits: z.number().int(),
  newHits: z.number().int(),
  /** A year of this watch (all its countries) from the catalogue, in minor units; null when none is for sale. */
  yearPrice: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
});
export type WatchRow = z.infer<typeof watchRow>;

export const watchListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  customerId: recordIdParam.optional(),
});
export type WatchListQuery = z.infer<typeof watchListQuery>;

export const watchHitRow = z.object({
  id: z.number().int(),
  watchId: z.number().int(),
  watchText: z.string(),
  customerName: z.string(),
  score: z.number(),
  signals: z.array(z.string()),
  review: z.enum(HIT_REVIEWS),
  createdAt: z.string(),
  /** The last day to oppose the mark (`oppositionDeadline`); null when the data or the rules do not say. */
  oppositionDeadline: z.string().nullable(),
  mark: z.object({
    id: z.number().int(),
    name: z.string(),
    dataset: z.string(),
    applicationNumber: z.string(),
    applicationDate: z.string().nullable(),
    niceClass: z.array(z.number().int()),
    owner: z.string().nullable(),
    status: z.string(),
  }),
});
export type WatchHitRow = z.infer<typeof watchHitRow>;

export const watchHitListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  watchId: recordIdParam.optional(),
  review: z.enum(HIT_REVIEWS).optional(),
});
export type WatchHitListQuery = z.infer<typeof watchHitListQuery>;

export const hitReviewBody = z.object({ review: z.enum(['not_relevant', 'consultant']) }).strict();
export type HitReviewBody = z.infer<typeof hitReviewBody>;
