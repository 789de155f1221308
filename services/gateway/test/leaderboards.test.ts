import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hangman } from '@qal/game-engine';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';

let t: TestPlatform;
let clientDir: string;
beforeAll(async () => {
  // A stand-in for the built client, so the shared-stats page can be served with its meta tags.
  clientDir = await mkdtemp(path.join(tmpdir(), 'qal-client-'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head>\n<meta name="description" content="Qal" />\n<title>Qal</title>\n</head><body><div id="root"></div></body></html>',
  );
  t = await startPlatform({ env: { CLIENT_DIST_DIR: clientDir } });
});
afterAll(async () => {
  await t?.close();
  await rm(clientDir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...(token ? bearer(token) : {}), ...headers } });

/** Plays one English game to a win, with `misses` wrong guesses first; returns the score. */
async function win(token: string, misses = 0, difficulty: 'easy' | 'hard' = 'easy'): Promise<number> {
  const payload = { language: 'en', difficulty };
  const started = await t.app.inject({ method: 'POST', url: '/api/v1/games/hangman/play', headers: bearer(token), payload });
  expect(started.statusCode).toBe(200);
  const { matchId } = started.json().data as { matchId: string };
  const word = String((await t.platform.store.readStream(`match-${matchId}`)).find((e) => e.type === 'HangmanStarted')?.data.word);
  const right = [...new Set([...word].map((c) => hangman.keyOfCharacter('en', c)).filter((k): k is string => k !== null))];
  const wrong = hangman
    .keysOf('en')
    .filter((k) => !right.includes(k))
    .slice(0, misses);
  let score = 0;
  for (const letter of [...wrong, ...right]) {
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/matches/${matchId}/moves`,
      headers: bearer(token),
      payload: { type: 'guess', letter },
    });
    score = moved.json().data.view.score ?? 0;
  }
  return score;
}

describe('leaderboards, badges and statistics over the API', () => {
  let abebe: { token: string; id: string };
  let sara: { token: string; id: string };
  let scores: { abebe: number; sara: number };

  beforeAll(async () => {
    const a = await t.signIn(undefined, { name: 'Abebe' });
    const s = await t.signIn(undefined, { name: 'Sara' });
    abebe = { token: a.token, id: a.user.id };
    sara = { token: s.token, id: s.user.id };
    // a perfect hard word always outscores an easy one with misses, so Abebe ranks first
    scores = { abebe: await win(abebe.token, 0, 'hard'), sara: await win(sara.token, 3, 'easy') };
    expect(scores.abebe).toBeGreaterThan(scores.sara);
    await t.platform.leaderboard.catchUp();
  });

  it('ranks the players of a game by best score, with badges, and pins the signed-in player’s own entry', async () => {
    const board = (await call('GET', '/leaderboards?game=hangman&period=day', sara.token)).json().data;
    const ordered = [...board.entries].map((e: { user: { name: string }; score: number; rank: number; badge: string | null }) => [
      e.user.name,
      e.score,
      e.rank,
    ]);
    const expected = [
      ['Abebe', scores.abebe],
      ['Sara', scores.sara],
    ].sort((x, y) => Number(y[1]) - Number(x[1]));
    expect(ordered.map(([name, score]) => [name, score])).toEqual(expected);
    expect(board.entries[0].badge).toBe('emperor');
    expect(board.entries[1].badge).toBe('ras');
    expect(board.me).toMatchObject({ user: { id: sara.id, name: 'Sara' }, score: scores.sara });
    expect(board.nextCursor).toBeNull();

    const global = (await call('GET', '/leaderboards')).json().data;
    expect(global.entries).toHaveLength(2);
    expect(global).not.toHaveProperty('me');
    expect(global.entries[0].score).toBeLessThanOrEqual(1000);
  });

  it('refuses an unknown game or period, in the player’s language', async () => {
    const game = await call('GET', '/leaderboards?game=chess', undefined, { 'accept-language': 'am' });
    expect(game.statusCode).toBe(400);
    expect(game.json()).toMatchObject({ code: 'unknown_game', message: 'እንደዚህ ያለ ጨዋታ የለም' });
    expect((await call('GET', '/leaderboards?period=decade')).json()).toMatchObject({
      code: 'validation_failed',
      data: { fields: { period: expect.any(String) } },
    });
    expect((await call('GET', '/leaderboards?cursor=nonsense')).json()).toMatchObject({ code: 'validation_failed' });
  });

  it('serves /user/stats from the leaderboard with the engine’s numbers, plus ranks', async () => {
    const stats = (await call('GET', '/user/stats', abebe.token)).json().data;
    expect(Object.keys(stats).sort()).toEqual(['by_category', 'by_game', 'overall_stats']);
    const engine = await t.platform.engine.queries.stats(abebe.id);
    expect({ ...stats.overall_stats, best_rank: null }).toEqual(engine.overall_stats);
    expect(stats.overall_stats.best_rank).toBe(1);
    expect(stats.by_game.hangman).toMatchObject({ games_played: 1, wins: 1, highest_score: scores.abebe });
    expect(stats.by_category.word).toMatchObject({ games_played: 1 });
    expect((await call('GET', '/user', abebe.token)).json().data.badge).toBe('emperor');
  });

  it('shows another player’s statistics to signed-in players only', async () => {
    expect((await call('GET', `/stats/player/${sara.id}`)).statusCode).toBe(401);
    const seen = (await call('GET', `/stats/player/${sara.id}`, abebe.token)).json().data;
    expect(seen.user).toMatchObject({ id: sara.id, name: 'Sara', level: 1 });
    expect(seen.stats.overall_stats.games_played).toBe(1);
    expect(seen.stats.recent_plays).toHaveLength(1);
    expect((await call('GET', '/stats/player/nobody', abebe.token)).json()).toMatchObject({ code: 'player_not_found' });
  });

  it('shares statistics by an unguessable link that works logged out and answers 404 once revoked', async () => {
    const created = await call('POST', '/stats/share', sara.token);
    expect(created.statusCode).toBe(200);
    const { shareId } = created.json().data;
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const shared = await call('GET', `/stats/share/${shareId}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().data).toMatchObject({
      shareId,
      user: { id: sara.id, name: 'Sara' },
      stats: { overall_stats: { games_played: 1 } },
    });

    const page = await t.app.inject({ method: 'GET', url: `/am/stats/share/${shareId}` });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<meta property="og:title" content="ስታቲስቲክስ በቃል፦ Sara" />');
    expect(page.body).toContain('<title>ስታቲስቲክስ በቃል፦ Sara</title>');
    expect((await t.app.inject({ method: 'GET', url: `/stats/share/${shareId}` })).body).toContain('content="Sara’s statistics on Qal"');

    expect((await call('DELETE', `/stats/share/${shareId}`, abebe.token)).json()).toMatchObject({ code: 'share_not_yours' });
    expect((await call('DELETE', `/stats/share/${shareId}`, sara.token)).statusCode).toBe(200);
    const revoked = await call('GET', `/stats/share/${shareId}`, undefined, { 'accept-language': 'am' });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toMatchObject({ code: 'share_not_found', message: 'ይህ የስታቲስቲክስ ሊንክ የለም ወይም ተሰርዟል' });
    expect((await call('DELETE', `/stats/share/${shareId}`, sara.token)).statusCode).toBe(404);
    expect((await call('GET', '/stats/share/guess')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/stats/share/${shareId}` })).body).not.toContain('Sara');
  });
});
