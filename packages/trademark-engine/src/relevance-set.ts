import { isRecord } from './is-record.ts';
import type { MarkRecord } from './types.ts';

/** A searched name and the earlier mark a trademark examiner would call confusingly similar. */
export interface RelevancePair {
  readonly query: string;
  readonly expected: string;
  /** The signal code expected to find it (see `signals.ts`). */
  readonly signal: string;
  readonly note?: string;
}

/** A searched name and a mark sharing letters with it that is not confusing. */
export interface RelevanceDecoy {
  readonly query: string;
  readonly decoy: string;
  readonly note?: string;
}

export interface RelevanceSet {
  readonly pairs: readonly RelevancePair[];
  readonly decoys: readonly RelevanceDecoy[];
}

function text(entry: Record<string, unknown>, field: string, where: string): string {
  const value = entry[field];
  if (typeof value !== 'string' || value.trim().length === 0)
    throw new TypeError(`${where}: "${field}" must be text`);
  return value;
}

/** Reads `relevance/relevance.json`; throws a TypeError naming the first malformed entry. */
export function parseRelevanceSet(json: unknown): RelevanceSet {
  if (!isRecord(json) || !Array.isArray(json.pairs) || !Array.isArray(json.decoys)) {
    throw new TypeError('relevance set: expected { pairs: [...], decoys: [...] }');
  }
  const pairs = json.pairs.map((entry: unknown, i): RelevancePair => {
    if (!isRecord(entry)) throw new TypeError(`relevance pair ${i}: not an object`);
    const where = `relevance pair ${i}`;
    const note = entry.note === undefined ? {} : { note: text(entry, 'note', where) };
    return {
      query: text(entry, 'query', where),
      expected: text(entry, 'expected', where),
      signal: text(entry, 'signal', where),
      ...note,
    };
  });
  const decoys = json.decoys.map((entry: unknown, i): RelevanceDecoy => {
    if (!isRecord(entry)) throw new TypeError(`relevance decoy ${i}: not an object`);
    const where = `relevance decoy ${i}`;
    const note = entry.note === undefined ? {} : { note: text(entry, 'note', where) };
    return { query: text(entry, 'query', where), decoy: text(entry, 'decoy', where), ...note };
  });
  return { pairs, decoys };
}

/** Marks of the relevance set, numbered from `firstId`: one per pair (its expected mark), then one per decoy. */
export function relevanceMarks(set: RelevanceSet, firstId: number): MarkRecord[] {
  const names = [...set.pairs.map((pair) => pair.expected), ...set.decoys.map((decoy) => decoy.decoy)];
  return names.map((name, i) => ({
    id: firstId + i,
    name,
    dataset: i % 2 === 0 ? 'US' : 'CN',
    niceClass: [9 + (i % 3)],
    status: 'registered' as const,
  }));
}
