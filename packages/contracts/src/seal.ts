/**
 * The public verification of sealed PDFs, without zod: the app's first load imports this (its route), so it must
 * not pull in the schema library. The call's schema is in verify.ts.
 */

/** The public page where anyone checks a signed agreement PDF, and its call. */
export const VERIFY_PATH = '/verify';
export const VERIFY_API = '/api/public/verify';
/** A signed agreement is its page images and an evidence page: a few MB; larger uploads are refused. */
export const VERIFY_MAX_BYTES = 20 * 1024 * 1024;

/** A UTC time as Beijing time with its offset, as evidence shows it: `2026-11-23 18:05:12 UTC+08:00`. */
export function beijingTime(iso: string): string {
  const beijing = new Date(Date.parse(iso) + 8 * 3_600_000).toISOString();
  return `${beijing.slice(0, 10)} ${beijing.slice(11, 19)} UTC+08:00`;
}
