/**
 * Every number Geo Sprint's rules depend on, and the decisions this module makes (docs/product-rules.md; the prior
 * system's geo-sprint kept its questions' answers in the browser and trusted the score it was sent: here the server
 * asks, times and scores). texts.ts builds the instructions from these numbers.
 *
 * Decisions (each has a given/when/then test in geo-sprint.test.ts or deal.test.ts):
 *
 * 1. A round is GEO_SPRINT_QUESTIONS questions of the chosen category (ethiopia, africa, world, or mixed: four
 *    about Ethiopia, three about Africa, three about the world, in an order the fairness stream shuffles). Options
 *    keep the bank's order (its answer positions are balanced); an answer is the option's index, 0–3.
 * 2. Clock. The first question shows at the start. Each question has GEO_SPRINT_SECONDS_PER_QUESTION seconds from
 *    the instant it shows; an answer must arrive before its deadline. When a question is answered (or times out)
 *    its result (right or wrong, the answer, the explanation) is shown and the next question becomes current at once,
 *    shown GEO_SPRINT_REVEAL_MS later: its deadline is the answer's instant + reveal + its seconds. During the reveal
 *    the view shows the result and not the next question; the player may end the reveal early (`next`), and the
 *    next question shows at that instant (its seconds count from then).
 * 3. Time running out is not a loss of the game: the question counts as timed out (no points, the streak breaks)
 *    and the next one follows. The engine's expiry (expireCommand) does this at the deadline; an answer or a
 *    lifeline at or after the deadline is the rejection `question_timed_out`, and changes nothing.
 * 4. Points for a right answer: GEO_SPRINT_BASE_POINTS by difficulty (as the prior system: easy 100, medium 120,
 *    hard 140), plus a speed bonus of GEO_SPRINT_SPEED_BONUS_MAX × the share of the question's time still left
 *    (rounded down), plus a streak bonus: the k-th right answer in a row adds GEO_SPRINT_STREAK_BONUS_STEP × (k − 1),
 *    at most GEO_SPRINT_STREAK_BONUS_MAX. A wrong answer or a timeout scores 0 and ends the streak.
 * 5. Lifelines, each once per round and free: the 50/50 takes away two wrong options of the question on screen
 *    (which two is drawn at the start for every question, so it is fixed before the player asks); the geo hint is a
 *    clue about the answer's spelling in each language (hint.ts): how much it narrows the options depends on the
 *    question's difficulty, and it never names the answer alone. Both may be used on the same question.
 * 6. The round is won with at least GEO_SPRINT_RIGHT_TO_WIN right answers (half of them). A won round pays tokens
 *    and XP by the shared reward rule (catalogue/rewards.ts) of the score scaled by GEO_SPRINT_POINTS_PER_REWARD_UNIT:
 *    an average round (six right, fair speed) pays 1–2 tokens, a perfect one 4–5. A lost round pays nothing.
 * 7. No repeats: a player does not meet a question again before every other question of its category came up. The
 *    module's memory keeps, per category, the ids seen since that category's pool was last full; a round draws from
 *    the unseen ones, and once none is left the pool fills again (never with a question already in this round).
 */
import { REWARD_SCORE_PER_TOKEN } from '../../config.ts';
import {
  GEO_SPRINT_FIFTY_FIFTY_REMOVES,
  GEO_SPRINT_MIXED_PLAN,
  GEO_SPRINT_OPTIONS_PER_QUESTION,
  GEO_SPRINT_QUESTIONS_PER_ROUND,
  type GeoSprintDifficulty,
} from '@qal/events';

export { GEO_SPRINT_FIFTY_FIFTY_REMOVES, GEO_SPRINT_MIXED_PLAN, GEO_SPRINT_OPTIONS_PER_QUESTION };

export const GEO_SPRINT_COST_TOKENS = 8;
export const GEO_SPRINT_DAILY_PLAY_LIMIT = 15;

export const GEO_SPRINT_QUESTIONS = GEO_SPRINT_QUESTIONS_PER_ROUND;
export const GEO_SPRINT_SECONDS_PER_QUESTION = 15;
export const GEO_SPRINT_QUESTION_MS = GEO_SPRINT_SECONDS_PER_QUESTION * 1000;
/** How long a result stays on screen before the next question shows (unless the player goes on first). */
export const GEO_SPRINT_REVEAL_SECONDS = 6;
export const GEO_SPRINT_REVEAL_MS = GEO_SPRINT_REVEAL_SECONDS * 1000;

export const GEO_SPRINT_BASE_POINTS: Readonly<Record<GeoSprintDifficulty, number>> = { easy: 100, medium: 120, hard: 140 };
/** The speed bonus of an answer given the instant the question shows; it falls linearly to 0 at the deadline. */
export const GEO_SPRINT_SPEED_BONUS_MAX = 50;
export const GEO_SPRINT_STREAK_BONUS_STEP = 10;
export const GEO_SPRINT_STREAK_BONUS_MAX = 50;

export const GEO_SPRINT_FIFTY_FIFTY_USES = 1;
export const GEO_SPRINT_GEO_HINT_USES = 1;

export const GEO_SPRINT_RIGHT_TO_WIN = Math.ceil(GEO_SPRINT_QUESTIONS / 2);

/**
 * The reward rule table: a won round's score is worth score / GEO_SPRINT_POINTS_PER_REWARD_UNIT tokens (rounded down,
 * at most REWARD_TOKENS_MAX), and XP_BASE + as many XP (at most XP_MAX): tokensForScore and xpForScore of the score
 * scaled so that one token is GEO_SPRINT_POINTS_PER_REWARD_UNIT points.
 */
export const GEO_SPRINT_POINTS_PER_REWARD_UNIT = 400;

/** The score the shared reward rule (100 points a token) is applied to. */
export const rewardScoreOf = (score: number): number =>
  Math.floor((Math.max(0, score) * REWARD_SCORE_PER_TOKEN) / GEO_SPRINT_POINTS_PER_REWARD_UNIT);

export const basePointsOf = (difficulty: GeoSprintDifficulty): number => GEO_SPRINT_BASE_POINTS[difficulty];

/** The speed bonus of an answer with `msLeft` of the question's time left (0 < msLeft ≤ the question's time). */
export const speedBonusOf = (msLeft: number): number =>
  Math.floor((GEO_SPRINT_SPEED_BONUS_MAX * Math.min(Math.max(msLeft, 0), GEO_SPRINT_QUESTION_MS)) / GEO_SPRINT_QUESTION_MS);

/** The streak bonus of a right answer that makes `streak` right answers in a row (streak ≥ 1). */
export const streakBonusOf = (streak: number): number =>
  Math.min(GEO_SPRINT_STREAK_BONUS_MAX, GEO_SPRINT_STREAK_BONUS_STEP * Math.max(0, streak - 1));

/** The best score a round can give: every question hard, answered the instant it shows, one streak throughout. */
export const GEO_SPRINT_MAX_SCORE = Array.from(
  { length: GEO_SPRINT_QUESTIONS },
  (_, i) => Math.max(...Object.values(GEO_SPRINT_BASE_POINTS)) + GEO_SPRINT_SPEED_BONUS_MAX + streakBonusOf(i + 1),
).reduce((sum, points) => sum + points, 0);
