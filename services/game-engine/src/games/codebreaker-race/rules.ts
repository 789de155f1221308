/**
 * The Codebreaker race's rules (a room game): every number in one place. The code's feedback and the draw of the code
 * are the single-player game's (games/codebreaker), so the two can never disagree on what a guess is worth.
 *
 * 1. Players 2–8. One shared secret of CODE_RACE_CODE_LENGTH distinct digits, drawn at the start from the match's
 *    fair stream (server seed committed in the start event, client seed = the match id, nonce 0), then the room's two
 *    hints in the single-player game's order.
 * 2. Each player has CODE_RACE_ATTEMPTS attempts, guessing at their own pace (no turns) until the match clock (Normal
 *    5 min, Rush 3 min) runs out.
 * 3. Hints are the room's: CODE_RACE_HINTS in all, taken by any player still racing, shown to everyone.
 * 4. Score: a solve earns CODE_RACE_SCORE.solveBase − solveAttemptPoints·(attempts − 1) − (seconds from the start) ·
 *    solvePerSecondTenths / 10, at least solveMin; running out of attempts earns missBase − missAttemptPoints·attempts
 *    (at least 0); a player who leaves, or is still racing when time runs out, earns 0.
 * 5. The race ends when no player is racing (solved, out of attempts, left) or at the clock. The highest score wins,
 *    a tie shares; first finisher first among the winners.
 */
export const CODE_RACE_PLAYERS_MIN = 2;
export const CODE_RACE_PLAYERS_MAX = 8;
export const CODE_RACE_ENTRY_FEE_MIN = 5;
export const CODE_RACE_LEVEL = 'medium' as const;
export const CODE_RACE_CODE_LENGTH = 4;
export const CODE_RACE_ATTEMPTS = 7;
export const CODE_RACE_HINTS = 2;
export const CODE_RACE_DURATION_MS = { normal: 300_000, rush: 180_000 } as const;

export const CODE_RACE_SCORE = {
  solveBase: 2000,
  solveAttemptPoints: 200,
  /** Tenths of a point per second: half a point a second. */
  solvePerSecondTenths: 5,
  solveMin: 100,
  missBase: 100,
  missAttemptPoints: 10,
} as const;

export const CODE_RACE_MAX_SCORE = CODE_RACE_SCORE.solveBase;

export function solveScore(attempts: number, elapsedMs: number): number {
  const s = CODE_RACE_SCORE;
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  const points = s.solveBase - s.solveAttemptPoints * (attempts - 1) - Math.floor((seconds * s.solvePerSecondTenths) / 10);
  return Math.max(s.solveMin, points);
}

export const missScore = (attempts: number): number => Math.max(0, CODE_RACE_SCORE.missBase - CODE_RACE_SCORE.missAttemptPoints * attempts);
