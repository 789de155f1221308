/** The Codebreaker race's events (past tense) and commands (imperative). CodeRaceStarted holds the code and seed. */
import { z } from 'zod';

const Id = z.string().min(1).max(120);
const Instant = z.iso.datetime({ offset: true });
const Digits = z.string().regex(/^[0-9]{1,8}$/);
const Hint = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('digit_in_code'), digit: z.string() }),
  z.object({ kind: z.literal('digit_at_position'), index: z.number().int(), digit: z.string() }),
]);

export const CodeRaceStarted = z.object({
  type: z.literal('CodeRaceStarted'),
  data: z.object({
    matchId: Id,
    roomCode: z.string(),
    players: z.array(Id).min(2),
    code: Digits,
    hints: z.array(Hint),
    serverSeed: z.string().regex(/^[0-9a-f]{64}$/),
    commitment: z.string().regex(/^[0-9a-f]{64}$/),
    attempts: z.number().int().positive(),
    at: Instant,
    deadline: Instant,
  }),
});
export const CodeRaceGuessed = z.object({
  type: z.literal('CodeRaceGuessed'),
  data: z.object({ playerId: Id, digits: Digits, exact: z.number().int(), misplaced: z.number().int(), at: Instant }),
});
export const CodeRaceHintTaken = z.object({ type: z.literal('CodeRaceHintTaken'), data: z.object({ playerId: Id, at: Instant }) });
export const CodeRacePlayerLeft = z.object({ type: z.literal('CodeRacePlayerLeft'), data: z.object({ playerId: Id, at: Instant }) });
export const CodeRaceFinished = z.object({
  type: z.literal('CodeRaceFinished'),
  data: z.object({
    winners: z.array(Id),
    scores: z.record(z.string(), z.number().int()),
    reason: z.enum(['all_done', 'time']),
    at: Instant,
  }),
});
export const CodeRaceEvent = z.discriminatedUnion('type', [
  CodeRaceStarted,
  CodeRaceGuessed,
  CodeRaceHintTaken,
  CodeRacePlayerLeft,
  CodeRaceFinished,
]);
export type CodeRaceEvent = z.infer<typeof CodeRaceEvent>;
export type CodeRaceStarted = z.infer<typeof CodeRaceStarted>;

export type CodeRaceCommand =
  | { readonly type: 'GuessRaceCode'; readonly playerId: string; readonly digits: string; readonly at: string }
  | { readonly type: 'TakeRaceHint'; readonly playerId: string; readonly at: string }
  | { readonly type: 'LeaveRace'; readonly playerId: string; readonly at: string }
  | { readonly type: 'EndRaceOnTime'; readonly at: string };

export const CODE_RACE_REJECTIONS = [
  'game_over',
  'not_in_race',
  'already_finished',
  'guess_wrong_length',
  'guess_not_digits',
  'no_room_hints_left',
  'time_up',
  'deadline_not_reached',
  'move_not_for_this_game',
] as const;
export type CodeRaceRejection = (typeof CODE_RACE_REJECTIONS)[number];
