import type { TrademarkIndex } from '@kxt/trademark-engine/engine';
import { HIGH_RISK_SCORE } from '@kxt/trademark-engine/score';
import {
  evaluateWithAndWithoutList,
  listedPairs,
  readTransliterationSet,
  transliterationMarks,
} from '@kxt/trademark-engine/transliteration-set';
import { round } from './stats.ts';

// Found: the other script's mark in the top ten at high risk or above; a false flag: another pair's mark in the
// other script at that score.
const FOUND_SCORE = HIGH_RISK_SCORE;

export interface TransliterationResult {
  readonly pairs: number;
  readonly queries: number;
  readonly recall: number;
  /** Recall on the pairs rendered by sound (the set marks those rendered by meaning, such as 星巴克 STARBUCKS). */
  readonly phoneticRecall: number;
  readonly falseFlagRate: number;
  readonly heldOutRecall: number;
  readonly heldOutPhoneticRecall: number;
  readonly heldOutFalseFlagRate: number;
  readonly sameScriptFlagRate: number;
  /** The same searches by sound alone, without brands' established names (`TrademarkIndex.established` null). */
  readonly bySound: {
    readonly recall: number;
    readonly falseFlagRate: number;
    readonly heldOutRecall: number;
    readonly heldOutFalseFlagRate: number;
  };
  /** Pairs of the set that the shipped list of established names holds (`listedPairs`). */
  readonly listedPairs: number;
}

/**
 * Adds the Latin and Chinese marks of `transliteration/transliteration.json` to the built index (numbered from
 * `firstId`), searches every pair both ways and logs recall and false flags, for the tuning and held-out pairs.
 */
export function measureTransliterations(
  index: TrademarkIndex,
  firstId: number,
  log: (line: string) => void,
): TransliterationResult {
  const pairs = readTransliterationSet();
  index.add(transliterationMarks(pairs, firstId));
  const {
    listed: { tuning, heldOut },
    bySound: { tuning: soundTuning, heldOut: soundHeldOut },
  } = evaluateWithAndWithoutList(index, pairs, firstId, FOUND_SCORE);
  const result: TransliterationResult = {
    pairs: pairs.length,
    queries: tuning.queries + heldOut.queries,
    recall: round(tuning.recall, 3),
    phoneticRecall: round(tuning.phoneticRecall, 3),
    falseFlagRate: round(tuning.falseFlagRate, 3),
    heldOutRecall: round(heldOut.recall, 3),
    heldOutPhoneticRecall: round(heldOut.phoneticRecall, 3),
    heldOutFalseFlagRate: round(heldOut.falseFlagRate, 3),
    sameScriptFlagRate: round(
      (tuning.sameScriptFlagRate * tuning.queries + heldOut.sameScriptFlagRate * heldOut.queries) /
        Math.max(1, tuning.queries + heldOut.queries),
      3,
    ),
    bySound: {
      recall: round(soundTuning.recall, 3),
      falseFlagRate: round(soundTuning.falseFlagRate, 3),
      heldOutRecall: round(soundHeldOut.recall, 3),
      heldOutFalseFlagRate: round(soundHeldOut.falseFlagRate, 3),
    },
    listedPairs: listedPairs(pairs, index.established),
  };
  log(
    `transliteration (${result.pairs} pairs, ${result.queries} searches both ways): recall@10 ${result.recall} ` +
      `(by sound ${result.phoneticRecall}), false flags ${result.falseFlagRate}; held out: recall@10 ` +
      `${result.heldOutRecall} (by sound ${result.heldOutPhoneticRecall}), false flags ${result.heldOutFalseFlagRate}`,
  );
  log(
    `        by sound alone, without established names: recall@10 ${result.bySound.recall}, false flags ` +
      `${result.bySound.falseFlagRate}; held out ${result.bySound.heldOutRecall}, ` +
      `${result.bySound.heldOutFalseFlagRate}; the list of established names holds ${result.listedPairs} of the ` +
      `${result.pairs} pairs`,
  );
  return result;
}
