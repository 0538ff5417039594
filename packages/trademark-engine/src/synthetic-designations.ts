import { type Random, weighted } from './synthetic-random.ts';

// How often a market is designated in international registrations, roughly as in WIPO's yearly Madrid figures: the
// big economies and the EU trade mark most, single EU members and Benelux (from before the EU mark) now and then.
const DESIGNATED: ReadonlyArray<readonly [string, number]> = [
  ['CN', 10],
  ['US', 10],
  ['EM', 9],
  ['GB', 8],
  ['JP', 6],
  ['KR', 5],
  ['CH', 5],
  ['AU', 4],
  ['RU', 4],
  ['IN', 4],
  ['SG', 3],
  ['MX', 3],
  ['TR', 3],
  ['CA', 3],
  ['VN', 2],
  ['BR', 2],
  ['NO', 2],
  ['NZ', 1.5],
  ['IL', 1.5],
  ['PH', 1],
  ['ID', 1],
  ['UA', 1],
  ['DE', 1.5],
  ['FR', 1.5],
  ['IT', 1],
  ['ES', 1],
  ['BX', 1],
  ['AT', 0.5],
  ['PL', 0.5],
  ['PT', 0.5],
  ['OA', 0.3],
];
const pickDesignated = weighted(DESIGNATED);
const MOST = 24;

/**
 * A plausible designation list of an international registration: one to a couple of dozen markets, few more often
 * than many, sorted. Drawn from its own random source so the other fields of a mark do not depend on it.
 */
export function designationsOf(random: Random): string[] {
  // Geometric-like count: half the registrations designate three markets or fewer.
  const count = Math.min(MOST, 1 + Math.floor(-Math.log(1 - random()) * 4));
  const chosen = new Set<string>();
  // Draws repeat popular markets; a bounded number of tries keeps the time fixed.
  for (let tries = 0; chosen.size < count && tries < count * 4; tries++) chosen.add(pickDesignated(random()));
  return [...chosen].sort();
}
