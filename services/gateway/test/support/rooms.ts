import type { TestPlatform } from '../../src/testing/platform.ts';
import { bearer } from './platform.ts';

/** A signed-in player with a username (so they can be invited), as the room suites use them. */
export interface Player {
  readonly id: string;
  readonly token: string;
  readonly name: string;
  readonly username: string;
}

export interface DuelView {
  mode: 'duel';
  matchId: string;
  status: 'playing' | 'finished';
  phase: 'setting' | 'guessing' | 'finished';
  setterId: string | null;
  currentPlayerId: string | null;
  turn: number;
  round: number;
  slots: (string | null)[];
  guessed: string[];
  livesLeft: number;
  hintsLeft: number;
  scores: Record<string, number>;
  word?: string;
  winners?: string[];
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function roomClient(t: TestPlatform) {
  let counter = 0;
  const call = (method: Method, url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** The data of a 200 answer; anything else fails the test with the body. */
  async function ok<T = Record<string, unknown>>(
    method: Method,
    url: string,
    token: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const response = await call(method, url, token, payload, headers);
    if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json().data as T;
  }

  async function player(name: string, language: 'en' | 'am' = 'en'): Promise<Player> {
    const { token, user } = await t.signIn(undefined, { name, language });
    counter += 1;
    const username = `${name.toLowerCase().replace(/[^a-z]/g, '')}_${process.pid % 1000}_${counter}`.slice(0, 20);
    await ok('PUT', '/user', token, { username });
    return { id: user.id, token, name, username };
  }

  const wallet = (token: string) => ok<{ balance: number; held: number; available: number }>('GET', '/wallet', token);

  /** Retries a check until it holds (read models and pushes settle within moments). */
  async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = 5_000): Promise<T> {
    const until = Date.now() + timeoutMs;
    let last: T = await read();
    while (!check(last)) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      last = await read();
    }
    return last;
  }

  const view = async (token: string, matchId: string) => (await ok<{ view: DuelView }>('GET', `/matches/${matchId}`, token)).view;
  const move = (token: string, matchId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call('POST', `/matches/${matchId}/moves`, token, body, headers);

  /**
   * Plays a duel to its end: each round's setter sets the next word, and whoever's turn it is guesses the next
   * letter of it not yet guessed (so the first guesser solves it). Returns the final view.
   */
  async function playDuel(
    matchId: string,
    players: readonly Player[],
    words: readonly string[],
    onMove?: (mover: Player) => Promise<void>,
  ) {
    const byId = new Map(players.map((p) => [p.id, p]));
    const queue = [...words];
    for (let step = 0; step < 300; step++) {
      const current = await view(players[0]!.token, matchId);
      if (current.status === 'finished') return { final: current };
      if (current.phase === 'setting') {
        const setter = byId.get(current.setterId!)!;
        await ok('POST', `/matches/${matchId}/moves`, setter.token, { type: 'set_word', word: queue.shift()! });
        await onMove?.(setter);
      } else {
        // Only the setter sees the word: ask with their view.
        const word = (await view(byId.get(current.setterId!)!.token, matchId)).word ?? '';
        const guesser = byId.get(current.currentPlayerId!)!;
        const letter = [...new Set(word)].find((l) => !current.guessed.includes(l))!;
        await ok('POST', `/matches/${matchId}/moves`, guesser.token, { type: 'guess', letter });
        await onMove?.(guesser);
      }
    }
    throw new Error('the duel did not end');
  }

  return { call, ok, player, wallet, eventually, view, move, playDuel };
}
