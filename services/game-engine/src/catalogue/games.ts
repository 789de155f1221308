/**
 * The catalogue's rule table (docs/product-rules.md, "The catalogue"): each game's category, price, daily limit and
 * whether it can be played yet. A game becomes playable once its engine is built.
 */
import {
  CRAZY_ENTRY_FEE_TOKENS,
  CRAZY_PLAYERS_MAX,
  CRAZY_PLAYERS_MIN,
  DAILY_PLAY_LIMIT_DEFAULT,
  HANGMAN_COST_TOKENS,
  HANGMAN_DAILY_PLAY_LIMIT,
  MATH_SPRINT_COST_TOKENS,
  RAPID_RECALL_COST_TOKENS,
} from '../config.ts';
import type { GameCategory } from './categories.ts';
import { CODEBREAKER_COST_TOKENS, CODEBREAKER_DAILY_PLAY_LIMIT } from '../games/codebreaker/rules.ts';
import { GEO_SPRINT_COST_TOKENS, GEO_SPRINT_DAILY_PLAY_LIMIT } from '../games/geo-sprint/rules.ts';
import { MINES_COST_TOKENS, MINES_DAILY_PLAY_LIMIT } from '../games/mines/rules.ts';
import { SUM_CHASER_COST_TOKENS, SUM_CHASER_DAILY_PLAY_LIMIT } from '../games/sum-chaser/rules.ts';

export const GAME_SLUGS = ['hangman', 'crazy', 'codebreaker', 'mines', 'sum-chaser', 'geo-sprint', 'math-sprint', 'rapid-recall'] as const;
export type GameSlug = (typeof GAME_SLUGS)[number];

export const isGameSlug = (value: string): value is GameSlug => (GAME_SLUGS as readonly string[]).includes(value);

export interface GameRules {
  readonly slug: GameSlug;
  readonly category: GameCategory;
  /** What starting a single-player game charges, or a multiplayer room's smallest entry fee. */
  readonly costTokens: number;
  /** Plays per Africa/Addis_Ababa calendar day; null where no daily limit applies (multiplayer rooms). */
  readonly dailyPlayLimit: number | null;
  readonly multiplayer: boolean;
  readonly players: { readonly min: number; readonly max: number };
  /** Listed and startable; false until the game's engine exists. */
  readonly playable: boolean;
}

const singlePlayer = (
  slug: GameSlug,
  category: GameCategory,
  costTokens: number,
  playable: boolean,
  dailyPlayLimit: number = DAILY_PLAY_LIMIT_DEFAULT,
): GameRules => ({ slug, category, costTokens, dailyPlayLimit, multiplayer: false, players: { min: 1, max: 1 }, playable });

export const GAME_RULES: Readonly<Record<GameSlug, GameRules>> = {
  hangman: singlePlayer('hangman', 'word', HANGMAN_COST_TOKENS, true, HANGMAN_DAILY_PLAY_LIMIT),
  crazy: {
    slug: 'crazy',
    category: 'card',
    costTokens: CRAZY_ENTRY_FEE_TOKENS,
    dailyPlayLimit: null,
    multiplayer: true,
    players: { min: CRAZY_PLAYERS_MIN, max: CRAZY_PLAYERS_MAX },
    // Played in rooms only: a single-player start of it is still refused.
    playable: true,
  },
  codebreaker: singlePlayer('codebreaker', 'code_breaker', CODEBREAKER_COST_TOKENS, true, CODEBREAKER_DAILY_PLAY_LIMIT),
  mines: singlePlayer('mines', 'mines', MINES_COST_TOKENS, true, MINES_DAILY_PLAY_LIMIT),
  'sum-chaser': singlePlayer('sum-chaser', 'prediction', SUM_CHASER_COST_TOKENS, true, SUM_CHASER_DAILY_PLAY_LIMIT),
  'geo-sprint': singlePlayer('geo-sprint', 'trivia', GEO_SPRINT_COST_TOKENS, true, GEO_SPRINT_DAILY_PLAY_LIMIT),
  'math-sprint': singlePlayer('math-sprint', 'math', MATH_SPRINT_COST_TOKENS, true),
  'rapid-recall': singlePlayer('rapid-recall', 'memory', RAPID_RECALL_COST_TOKENS, true),
};
