/**
 * The read-model tables. They are created from one definition with a name suffix, so a rebuild can create the
 * same tables as `<name>_shadow`, fill them from position 0 and rename them into place (indexes included).
 */
import { migrate, type Migration, type SqlDatabase, type SqlExecutor } from '@qal/events';

export const TABLES = [
  'leaderboard_position',
  'leaderboard_players',
  'leaderboard_matches',
  'leaderboard_game_scores',
  'leaderboard_global_scores',
  'leaderboard_player_stats',
  'leaderboard_plays',
] as const;
export type TableName = (typeof TABLES)[number];

/** Table name → its name in a set of tables (`''` live, `_shadow` during a rebuild). */
export type TableSet = Readonly<Record<TableName, string>>;
export const tableSet = (suffix: string): TableSet =>
  Object.fromEntries(TABLES.map((t) => [t, `${t}${suffix}`])) as Record<TableName, string>;
export const LIVE_TABLES = tableSet('');
export const SHADOW_SUFFIX = '_shadow';

/** Every index of a table, by its name in the live set (`<table>_<what>`), so a swap can rename them too. */
export const INDEXES: Readonly<Record<TableName, readonly string[]>> = {
  leaderboard_position: ['pkey'],
  leaderboard_players: ['pkey'],
  leaderboard_matches: ['pkey'],
  leaderboard_game_scores: ['pkey', 'ranking'],
  leaderboard_global_scores: ['pkey', 'ranking'],
  leaderboard_player_stats: ['pkey'],
  leaderboard_plays: ['pkey', 'player_time'],
};

/**
 * The secondary indexes of one set of tables. A rebuild creates them once its shadow tables are full (cheaper
 * than keeping them up to date row by row); primary keys are there from the start (the upserts need them).
 */
export function indexesDdl(suffix: string): string {
  const t = tableSet(suffix);
  return `
    create index if not exists ${t.leaderboard_game_scores}_ranking
      on ${t.leaderboard_game_scores} (game, period, period_key, best_score desc, achieved_at, user_id);
    create index if not exists ${t.leaderboard_global_scores}_ranking
      on ${t.leaderboard_global_scores} (period, period_key, score desc, achieved_at, user_id);
    create index if not exists ${t.leaderboard_plays}_player_time on ${t.leaderboard_plays} (user_id, ended_at desc)
  `;
}

/** The DDL of one set of tables without their secondary indexes (statements separated by `;` + newline). */
export function tablesDdl(suffix: string): string {
  const t = tableSet(suffix);
  return `
    create table if not exists ${t.leaderboard_position} (
      projection text not null,
      transaction_id text not null,
      global_position text not null,
      constraint ${t.leaderboard_position}_pkey primary key (projection)
    );
    create table if not exists ${t.leaderboard_players} (
      user_id text not null,
      name text not null,
      avatar text,
      constraint ${t.leaderboard_players}_pkey primary key (user_id)
    );
    create table if not exists ${t.leaderboard_matches} (
      match_id text not null,
      user_id text,
      game text not null,
      category text not null,
      players jsonb,
      rounds integer not null default 0,
      constraint ${t.leaderboard_matches}_pkey primary key (match_id)
    );
    create table if not exists ${t.leaderboard_game_scores} (
      game text not null,
      period text not null,
      period_key text not null,
      user_id text not null,
      best_score integer not null,
      normalised integer not null,
      achieved_at timestamptz not null,
      constraint ${t.leaderboard_game_scores}_pkey primary key (game, period, period_key, user_id)
    );
    create table if not exists ${t.leaderboard_global_scores} (
      period text not null,
      period_key text not null,
      user_id text not null,
      score integer not null,
      achieved_at timestamptz not null,
      constraint ${t.leaderboard_global_scores}_pkey primary key (period, period_key, user_id)
    );
    create table if not exists ${t.leaderboard_player_stats} (
      user_id text not null,
      scope text not null,
      games_played integer not null,
      wins integer not null,
      total_score bigint not null,
      highest_score integer not null,
      xp bigint not null,
      tokens_earned bigint not null,
      rounds integer not null,
      last_played timestamptz,
      current_streak integer not null,
      longest_streak integer not null,
      scored_games integer not null,
      constraint ${t.leaderboard_player_stats}_pkey primary key (user_id, scope)
    );
    create table if not exists ${t.leaderboard_plays} (
      match_id text not null,
      user_id text not null,
      game text not null,
      category text not null,
      score integer not null,
      won boolean not null,
      xp integer not null,
      ended_at timestamptz not null,
      constraint ${t.leaderboard_plays}_pkey primary key (match_id, user_id)
    )
  `;
}

/**
 * 001 creates the tables as tablesDdl defines them now; 002 brings tables created before multiplayer results up to
 * date (new columns last, where tablesDdl has them, so a rebuild's tables have the same shape). Rows from before
 * 002 are all single-player plays, so their scored games are their games played. Duels and Crazy games played
 * before 002 are counted after a rebuild (`npm run projections:rebuild leaderboard`).
 */
export const LEADERBOARD_MIGRATIONS: readonly Migration[] = [
  { id: '001-leaderboard-read-models', sql: `${tablesDdl('')};\n${indexesDdl('')}` },
  {
    id: '002-leaderboard-multiplayer-results',
    sql: `
      alter table leaderboard_matches add column if not exists players jsonb;
      alter table leaderboard_matches add column if not exists rounds integer not null default 0;
      alter table leaderboard_player_stats add column if not exists scored_games integer;
      update leaderboard_player_stats set scored_games = games_played where scored_games is null;
      alter table leaderboard_player_stats alter column scored_games set not null
    `,
  },
];

export const migrateLeaderboard = (db: SqlDatabase) => migrate(db, 'leaderboard', LEADERBOARD_MIGRATIONS);

/** Statements one at a time (parameterised drivers take one per call). */
export async function runDdl(sql: SqlExecutor, ddl: string): Promise<void> {
  for (const statement of ddl
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean))
    await sql.query(statement);
}
