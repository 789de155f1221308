import type { GeoSprintPlay, GeoSprintResult } from '@qal/events/contracts';

/**
 * What the board shows at an instant, from the server's view and the server's clock (pure, so it is tested apart):
 * - `question`: the current question, answerable;
 * - `time_up`: the current question's deadline has passed and the server has not moved on yet (the page asks it);
 * - `reveal`: the last result, until the next question shows at `nextAt`;
 * - `waiting`: the reveal is over and the next question is on its way from the server;
 * - `over`: the round has ended.
 */
export type Stage =
  | { kind: 'question'; question: NonNullable<GeoSprintPlay['current']>; msLeft: number }
  | { kind: 'time_up'; question: NonNullable<GeoSprintPlay['current']> }
  | { kind: 'reveal'; result: GeoSprintResult; msToNext: number }
  | { kind: 'waiting'; result: GeoSprintResult | null }
  | { kind: 'over' };

export function stageOf(play: GeoSprintPlay, serverNowMs: number): Stage {
  if (play.draw !== null || play.position >= play.questionCount) return { kind: 'over' };
  const last = play.results.at(-1) ?? null;
  if (play.current) {
    const msLeft = Date.parse(play.current.deadline) - serverNowMs;
    return msLeft > 0 ? { kind: 'question', question: play.current, msLeft } : { kind: 'time_up', question: play.current };
  }
  if (last && play.nextAt) {
    const msToNext = Date.parse(play.nextAt) - serverNowMs;
    if (msToNext > 0) return { kind: 'reveal', result: last, msToNext };
  }
  return { kind: 'waiting', result: last };
}

export const OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const;

/** The option a key names: 1–4 or A–D (either case); null for any other key. */
export function choiceOfKey(key: string): number | null {
  const digit = ['1', '2', '3', '4'].indexOf(key);
  if (digit >= 0) return digit;
  const letter = OPTION_LETTERS.indexOf(key.toUpperCase() as (typeof OPTION_LETTERS)[number]);
  return key.length === 1 && letter >= 0 ? letter : null;
}
