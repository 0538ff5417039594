import type { NameAnalysis } from './analyze.ts';
import { METAPHONE_ONLY_MIN_KEY, PREFIX_MIN_LENGTH, PREFIX_MIN_REST } from './score.ts';
import { transliterationKeys } from './transliteration.ts';
import { wordUnits } from './word-units.ts';

/**
 * Kinds of the whole terms a name is listed under besides its trigrams. Each kind is a list of its own: the in-memory
 * index hashes a term with a seed per kind, the PostgreSQL mode writes it with the kind's letter in front.
 */
export const TERM_KINDS = {
  /** A word unit (`wordUnits`). */
  word: 'w',
  /** A sound key: Double Metaphone, the vowel skeleton, a Chinese name's pinyin sound. */
  sound: 's',
  /** The whole folded name. */
  name: 'n',
  /** The printed shape, where it differs from the folded name. */
  lookalike: 'l',
  /** A transliteration skeleton of a Latin name. */
  latinSkeleton: 't',
  /** A transliteration skeleton of a Chinese name. */
  hanSkeleton: 'h',
} as const;
export type TermKind = keyof typeof TERM_KINDS;

export type TermVisitor = (kind: TermKind, text: string) => void;

/** The word units of a name, then every key it is listed under (the index counts the units it met first). */
export function forEachNameTerm(a: NameAnalysis, visit: TermVisitor): void {
  for (const unit of wordUnits(a).units) visit('word', unit);
  forEachSoundKey(a, visit);
  visit('name', a.visual);
  if (a.lookalike !== a.visual) visit('lookalike', a.lookalike);
  const skeleton = a.hasHan ? 'hanSkeleton' : 'latinSkeleton';
  for (const key of transliterationKeys(a)) visit(skeleton, key);
}

/**
 * The keys a query looks up (its word units aside, which a search splits into distinctive and common ones): its
 * sound keys; its printed shape, under which names are listed as a shape or, when it is their folded form, as a name;
 * the skeletons of the other script matching its own (see `transliterationKeys`); and each beginning of the folded
 * query long enough for a containment, as a whole name.
 */
export function forEachQueryKey(q: NameAnalysis, visit: TermVisitor): void {
  forEachSoundKey(q, visit);
  visit('lookalike', q.lookalike);
  visit('name', q.lookalike);
  const skeleton = q.hasHan ? 'latinSkeleton' : 'hanSkeleton';
  for (const key of transliterationKeys(q)) visit(skeleton, key);
  const m = q.visual.length;
  const shortest = Math.max(PREFIX_MIN_LENGTH, Math.ceil(m / 2));
  for (let end = shortest; end <= m - PREFIX_MIN_REST; end++) visit('name', q.visual.slice(0, end));
}

/** Whether the terms of this kind are looked up by a query of the other script only. */
export function isSkeleton(kind: TermKind): boolean {
  return kind === 'latinSkeleton' || kind === 'hanSkeleton';
}

function forEachSoundKey(a: NameAnalysis, visit: TermVisitor): void {
  for (const key of a.sound) visit('sound', key);
  for (const key of a.metaphone) if (key.length >= METAPHONE_ONLY_MIN_KEY) visit('sound', key);
}
