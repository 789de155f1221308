/**
 * The leaderboards as other pages link to them: which games have a board, the periods, and a board's address
 * (`/leaderboards?game=mines&period=day`), which the leaderboards page reads back.
 */

export const PERIODS = ['day', 'week', 'month', 'year', 'all'] as const;
export type Period = (typeof PERIODS)[number];

export const isPeriod = (value: unknown): value is Period => (PERIODS as readonly unknown[]).includes(value);
/**
 * The board the server keeps for a period tab, in the app's language: in Amharic the month and the year are the
 * Ethiopian ones (13 months, ጳጉሜን the last), boards of their own; in English they are Gregorian.
 */
export type BoardPeriod = Period | 'ethiopian-month' | 'ethiopian-year';
export function boardPeriodOf(period: Period, locale: 'en' | 'am'): BoardPeriod {
  if (locale === 'am' && period === 'month') return 'ethiopian-month';
  if (locale === 'am' && period === 'year') return 'ethiopian-year';
  return period;
}

/** The period a board opens on. */
export const DEFAULT_PERIOD: Period = 'week';

/**
 * Whether a catalogue game has a board of its own: boards rank single-player scores only, so a game played only in
 * rooms (Crazy) never ranks anyone. Every other game of the catalogue has one, whatever its category.
 */
export const hasBoard = (game: { multiplayer?: boolean | null | undefined }): boolean => game.multiplayer !== true;

/** A board's query: `game` (none for the global board) and `period` (none for the default one). */
export function boardParams(board: { game?: string | null; period?: Period | null }): URLSearchParams {
  const params = new URLSearchParams();
  if (board.game) params.set('game', board.game);
  if (board.period && board.period !== DEFAULT_PERIOD) params.set('period', board.period);
  return params;
}

/** The address of a board: `/leaderboards`, `/leaderboards?game=mines`, `/leaderboards?game=mines&period=day`. */
export function boardLink(board: { game?: string | null; period?: Period | null }): string {
  const query = boardParams(board).toString();
  return query ? `/leaderboards?${query}` : '/leaderboards';
}
