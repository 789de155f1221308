/**
 * The projection's pure core: read-model rows in memory, changed fact by fact. The shell loads the rows a batch
 * touches (rowKeysFor says which), folds the batch, and writes back the rows marked dirty; a batch of any size
 * gives the same rows, which is why a rebuild (big batches) equals the live tables (small ones).
 */
import { GAME_RULES, isGameSlug } from '@qal/game-engine';
import { GAME_MAX_SCORES, GLOBAL_POINTS_PER_GAME, GLOBAL_SCORE_SCALE, PERIODS, type Period } from '../config.ts';
import type { Fact } from './facts.ts';
import { periodKeys } from './periods.ts';

export interface PlayerRow {
  readonly userId: string;
  name: string;
  avatar: string | null;
}

export interface MatchRow {
  readonly matchId: string;
  readonly userId: string | null;
  readonly game: string;
  readonly category: string;
  /**
   * A multiplayer match's seats whose result is still to count (they leave the list as they leave the match, and
   * the rest at its end); null for a single-player match.
   */
  players: readonly string[] | null;
  /** Rounds a multiplayer match has ended so far (0 for a single-player match). */
  rounds: number;
}

export interface GameScoreRow {
  readonly game: string;
  readonly period: Period;
  readonly periodKey: string;
  readonly userId: string;
  bestScore: number;
  /** best ÷ the game's max × 1000 points, in thousandths of a point (0 for a game not on the global board). */
  normalised: number;
  achievedAt: string;
}

export interface GlobalScoreRow {
  readonly period: Period;
  readonly periodKey: string;
  readonly userId: string;
  /** Thousandths of a point. */
  score: number;
  achievedAt: string;
}

export interface StatsRow {
  readonly userId: string;
  /** `overall`, `game:<slug>` or `category:<category>`. */
  readonly scope: string;
  gamesPlayed: number;
  wins: number;
  /**
   * Games whose score is a board score (single-player): the score stats (total, highest, average) are over these
   * only, since a multiplayer score is not comparable with them.
   */
  scoredGames: number;
  totalScore: number;
  highestScore: number;
  xp: number;
  tokensEarned: number;
  rounds: number;
  lastPlayed: string | null;
  currentStreak: number;
  longestStreak: number;
}

export interface PlayRow {
  readonly matchId: string;
  readonly userId: string;
  readonly game: string;
  readonly category: string;
  readonly score: number;
  readonly won: boolean;
  readonly xp: number;
  readonly endedAt: string;
}

/** The rows of one batch: what was loaded, changed in place; `dirty` names the ones to write back. */
export class ReadModel {
  readonly players = new Map<string, PlayerRow>();
  readonly matches = new Map<string, MatchRow>();
  readonly gameScores = new Map<string, GameScoreRow>();
  readonly globalScores = new Map<string, GlobalScoreRow>();
  readonly stats = new Map<string, StatsRow>();
  readonly plays = new Map<string, PlayRow>();
  readonly dirty = {
    players: new Set<string>(),
    matches: new Set<string>(),
    gameScores: new Set<string>(),
    globalScores: new Set<string>(),
    stats: new Set<string>(),
  };

  /** After a write-back: the rows stay (a cache may keep them), the record of what changed goes. */
  written(): void {
    this.plays.clear();
    for (const set of Object.values(this.dirty)) set.clear();
  }

  get rows(): number {
    return this.players.size + this.matches.size + this.gameScores.size + this.globalScores.size + this.stats.size;
  }
}

const SEP = '\u001f';
export const gameScoreKey = (game: string, period: string, periodKey: string, userId: string) =>
  [game, period, periodKey, userId].join(SEP);
export const globalScoreKey = (period: string, periodKey: string, userId: string) => [period, periodKey, userId].join(SEP);
export const statsKey = (userId: string, scope: string) => [userId, scope].join(SEP);
export const playKey = (matchId: string, userId: string) => [matchId, userId].join(SEP);

export const OVERALL = 'overall';
export const gameScope = (game: string) => `game:${game}`;
export const categoryScope = (category: string) => `category:${category}`;

/** A game's category from the catalogue; `other` for a game the catalogue does not know. */
export const categoryOf = (game: string): string => (isGameSlug(game) ? GAME_RULES[game].category : 'other');

/** A game's best score in thousandths of global points; 0 for a game with no maximum (not on the global board). */
export function normalisedScore(game: string, bestScore: number): number {
  const max = isGameSlug(game) ? GAME_MAX_SCORES[game] : undefined;
  if (!max) return 0;
  return Math.round((Math.min(bestScore, max) * GLOBAL_POINTS_PER_GAME * GLOBAL_SCORE_SCALE) / max);
}

const iso = (instant: string) => new Date(instant).toISOString();

/** Match ids whose rows the batch reads without opening them itself: load these first. */
export function matchIdsToLoad(facts: readonly Fact[]): string[] {
  const opened = new Set<string>();
  const needed = new Set<string>();
  for (const fact of facts) {
    if (fact.kind === 'match_opened') opened.add(fact.matchId);
    else if (fact.kind === 'player') continue;
    else if (fact.matchId && !opened.has(fact.matchId)) needed.add(fact.matchId);
  }
  return [...needed];
}

export interface RowKeys {
  readonly players: Set<string>;
  readonly gameScores: Set<string>;
  readonly globalScores: Set<string>;
  readonly stats: Set<string>;
}

/** Every row key the batch will read or write, given the match rows loaded for it. */
export function rowKeysFor(facts: readonly Fact[], loadedMatches: ReadonlyMap<string, MatchRow>): RowKeys {
  const matches = new Map(loadedMatches);
  const keys: RowKeys = { players: new Set(), gameScores: new Set(), globalScores: new Set(), stats: new Set() };
  for (const fact of facts) {
    switch (fact.kind) {
      case 'player':
        keys.players.add(fact.userId);
        break;
      case 'match_opened':
        if (!matches.has(fact.matchId)) matches.set(fact.matchId, newMatchRow(fact));
        break;
      case 'round_ended':
        break;
      case 'player_left': {
        const match = matches.get(fact.matchId);
        if (match) for (const scope of scopesOf(match)) keys.stats.add(statsKey(fact.userId, scope));
        break;
      }
      case 'match_ended': {
        // Every seat the match had when the batch began (or opened with): a superset of those still in at its end.
        const match = matches.get(fact.matchId);
        for (const userId of match?.players ?? []) for (const scope of scopesOf(match!)) keys.stats.add(statsKey(userId, scope));
        break;
      }
      case 'match_finished': {
        const match = matches.get(fact.matchId);
        const userId = fact.userId ?? match?.userId;
        if (!match || !userId) break;
        for (const scope of scopesOf(match)) keys.stats.add(statsKey(userId, scope));
        const periods = periodKeys(fact.at);
        for (const period of PERIODS) {
          keys.gameScores.add(gameScoreKey(match.game, period, periods[period], userId));
          keys.globalScores.add(globalScoreKey(period, periods[period], userId));
        }
        break;
      }
      case 'tokens_earned': {
        const match = fact.matchId ? matches.get(fact.matchId) : undefined;
        for (const scope of match ? scopesOf(match) : [OVERALL]) keys.stats.add(statsKey(fact.userId, scope));
        break;
      }
    }
  }
  return keys;
}

const newMatchRow = (fact: Extract<Fact, { kind: 'match_opened' }>): MatchRow => ({
  matchId: fact.matchId,
  userId: fact.userId,
  game: fact.game,
  category: categoryOf(fact.game),
  players: fact.players ? [...new Set(fact.players)] : null,
  rounds: 0,
});

const scopesOf = (match: MatchRow) => [OVERALL, gameScope(match.game), categoryScope(match.category)];

const emptyStats = (userId: string, scope: string): StatsRow => ({
  userId,
  scope,
  gamesPlayed: 0,
  wins: 0,
  scoredGames: 0,
  totalScore: 0,
  highestScore: 0,
  xp: 0,
  tokensEarned: 0,
  rounds: 0,
  lastPlayed: null,
  currentStreak: 0,
  longestStreak: 0,
});

function statsRow(model: ReadModel, userId: string, scope: string): StatsRow {
  const key = statsKey(userId, scope);
  let row = model.stats.get(key);
  if (!row) {
    row = emptyStats(userId, scope);
    model.stats.set(key, row);
  }
  model.dirty.stats.add(key);
  return row;
}

/** Applies one fact to the rows in `model` (which must hold every row rowKeysFor named). */
export function applyFact(model: ReadModel, fact: Fact): void {
  switch (fact.kind) {
    case 'player': {
      const row = model.players.get(fact.userId) ?? { userId: fact.userId, name: fact.name ?? '', avatar: null };
      if (fact.name !== undefined) row.name = fact.name;
      if (fact.avatar !== undefined) row.avatar = fact.avatar;
      model.players.set(fact.userId, row);
      model.dirty.players.add(fact.userId);
      return;
    }
    case 'match_opened': {
      if (model.matches.has(fact.matchId)) return;
      model.matches.set(fact.matchId, newMatchRow(fact));
      model.dirty.matches.add(fact.matchId);
      return;
    }
    case 'round_ended': {
      const match = model.matches.get(fact.matchId);
      if (!match?.players) return;
      match.rounds += 1;
      model.dirty.matches.add(fact.matchId);
      return;
    }
    case 'player_left': {
      const match = model.matches.get(fact.matchId);
      if (!match?.players?.includes(fact.userId)) return;
      match.players = match.players.filter((id) => id !== fact.userId);
      model.dirty.matches.add(fact.matchId);
      countGame(model, match, fact.userId, {
        won: false,
        scored: false,
        score: 0,
        xp: 0,
        rounds: fact.rounds ?? match.rounds,
        at: iso(fact.at),
      });
      return;
    }
    case 'match_ended': {
      const match = model.matches.get(fact.matchId);
      if (!match?.players) return;
      const remaining = match.players;
      match.players = [];
      model.dirty.matches.add(fact.matchId);
      const at = iso(fact.at);
      for (const userId of remaining) {
        countGame(model, match, userId, {
          won: fact.winners.includes(userId),
          scored: false,
          score: 0,
          xp: 0,
          rounds: fact.rounds ?? match.rounds,
          at,
        });
      }
      return;
    }
    case 'match_finished': {
      const match = model.matches.get(fact.matchId);
      const userId = fact.userId ?? match?.userId;
      if (!match || !userId) return;
      const at = iso(fact.at);
      const key = playKey(fact.matchId, userId);
      if (model.plays.has(key)) return;
      model.plays.set(key, {
        matchId: fact.matchId,
        userId,
        game: match.game,
        category: match.category,
        score: fact.score,
        won: fact.won,
        xp: fact.xp,
        endedAt: at,
      });
      countGame(model, match, userId, { won: fact.won, scored: true, score: fact.score, xp: fact.xp, rounds: fact.rounds, at });
      // Boards list players with a score above zero: a loss (score 0) never ranks anyone.
      if (fact.score > 0) recordScore(model, match.game, userId, fact.score, at);
      return;
    }
    case 'tokens_earned': {
      const match = fact.matchId ? model.matches.get(fact.matchId) : undefined;
      for (const scope of match ? scopesOf(match) : [OVERALL]) statsRow(model, fact.userId, scope).tokensEarned += fact.amount;
      return;
    }
  }
}

interface GameResult {
  readonly won: boolean;
  /** A board score (single-player): counts in the score stats. */
  readonly scored: boolean;
  readonly score: number;
  readonly xp: number;
  readonly rounds: number;
  readonly at: string;
}

/** One finished game of `userId` in each of the match's scopes (overall, its game, its category). */
function countGame(model: ReadModel, match: MatchRow, userId: string, result: GameResult): void {
  for (const scope of scopesOf(match)) {
    const row = statsRow(model, userId, scope);
    row.gamesPlayed += 1;
    row.wins += result.won ? 1 : 0;
    if (result.scored) {
      row.scoredGames += 1;
      row.totalScore += result.score;
      row.highestScore = Math.max(row.highestScore, result.score);
    }
    row.xp += result.xp;
    row.rounds += result.rounds;
    row.lastPlayed = row.lastPlayed && row.lastPlayed > result.at ? row.lastPlayed : result.at;
    row.currentStreak = result.won ? row.currentStreak + 1 : 0;
    row.longestStreak = Math.max(row.longestStreak, row.currentStreak);
  }
}

function recordScore(model: ReadModel, game: string, userId: string, score: number, at: string): void {
  const periods = periodKeys(at);
  for (const period of PERIODS) {
    const periodKey = periods[period];
    const key = gameScoreKey(game, period, periodKey, userId);
    const row = model.gameScores.get(key);
    if (row && row.bestScore >= score) continue;
    const before = row?.normalised ?? 0;
    const normalised = normalisedScore(game, score);
    model.gameScores.set(key, { game, period, periodKey, userId, bestScore: score, normalised, achievedAt: at });
    model.dirty.gameScores.add(key);
    if (normalised === before) continue;
    const globalKey = globalScoreKey(period, periodKey, userId);
    const global = model.globalScores.get(globalKey) ?? { period, periodKey, userId, score: 0, achievedAt: at };
    global.score += normalised - before;
    global.achievedAt = at;
    model.globalScores.set(globalKey, global);
    model.dirty.globalScores.add(globalKey);
  }
}
