/**
 * The fuzzers' world: the whole embedded platform in this process (as the gateway's own tests run it), its
 * OpenAPI document, two signed-in players (English and Amharic, signed in through the SMS flow), a few real ids
 * for the generators to aim at (a room, a match, a purchase, a share link, an invitation), and the state a refused
 * request must leave alone.
 */
import type { Position } from '@qal/events';
import { createTestPlatform, type TestPlatform } from '@qal/gateway/testing';
import { readModelSnapshot } from '@qal/ledger/audit';
import { z } from 'zod';
import { ApiDocument, documentedCodes, operationsOf, type OperationSpec } from './api-document.ts';
import type { Lang, PlatformState } from './invariants.ts';

export const API_DOCUMENT_URL = '/api/docs/json';
/** How often and how long `settle` looks for the store and the ledger to stop moving. */
const SETTLE_POLL_MS = 25;
const SETTLE_QUIET_READS = 3;
const SETTLE_TIMEOUT_MS = 15_000;
const REPORTED_EVENTS = 20;

export interface Player {
  readonly id: string;
  readonly token: string;
  /** The player's own language, which answers fall back to; a fuzzed profile update may change it. */
  language: Lang;
}

export interface Fixtures {
  /** Real ids of every kind (room codes, match, purchase, share and invitation ids, game slugs). */
  readonly ids: readonly string[];
  /** Channels worth subscribing to: the players' own and each other's, the room's, the match's. */
  readonly channels: readonly string[];
}

export interface FuzzHarness {
  readonly platform: TestPlatform;
  readonly operations: readonly OperationSpec[];
  readonly codes: ReadonlySet<string>;
  /** Slot 0 owns the fixtures; a slot is signed in again when a fuzzed request ends its session. */
  readonly players: Player[];
  readonly fixtures: Fixtures;
  /** The websocket server's address, `ws://127.0.0.1:<port>`. */
  readonly wsBase: string;
  /** How the answers went (`http 4xx`, `ws refused`, …), for the summary: a fuzzer that is never let through tests little. */
  readonly tally: Map<string, number>;
  state(): Promise<PlatformState>;
  /** Waits until the store and the ledger stop moving (after a request that was let through). */
  settle(): Promise<void>;
  /** After a request that was let through: signs the player in again if it ended the session, re-reads the language. */
  refreshPlayer(slot: number): Promise<void>;
  close(): Promise<void>;
}

const UserAnswer = z.object({ data: z.object({ id: z.string(), language: z.enum(['en', 'am']) }) });
const Ids = /(?:^|[a-z])(?:id|Id|code|slug)$/;

/** Every string under a key that names an id, anywhere in a JSON answer. */
function idsIn(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return Ids.test(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => idsIn(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => idsIn(v, k));
  return [];
}

async function ledgerTotals(platform: TestPlatform): Promise<PlatformState['ledger']> {
  const snapshot = await readModelSnapshot(platform.platform.db, platform.platform.store);
  const totals: Record<string, { balance: number; held: number; pendingCredit: number; accounts: number }> = {};
  for (const account of snapshot?.accounts ?? []) {
    const kind = account.accountId.split(':')[0] ?? account.accountId;
    const total = (totals[kind] ??= { balance: 0, held: 0, pendingCredit: 0, accounts: 0 });
    total.balance += account.balance;
    total.held += account.held;
    total.pendingCredit += account.pendingCredit;
    total.accounts += 1;
  }
  return totals;
}

async function signIn(platform: TestPlatform, language: Lang): Promise<Player> {
  const { token, user } = await platform.signIn(undefined, { language });
  return { id: user.id, token, language };
}

/** Calls the API as `player` for the fixtures; a call that fails only means fewer ids to aim at. */
async function call(platform: TestPlatform, player: Player, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const answer = await platform.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${player.token}` },
    ...(payload ? { payload } : {}),
  });
  return answer.statusCode === 200 ? (answer.json() as unknown) : null;
}

async function createFixtures(platform: TestPlatform, owner: Player, other: Player): Promise<Fixtures> {
  const answers: unknown[] = [];
  answers.push(await call(platform, owner, 'GET', '/api/v1/games'));
  const room = await call(platform, owner, 'POST', '/api/v1/rooms', { roomName: 'Fuzz ቤት', maxPlayers: 2, gameDuration: 'normal' });
  answers.push(room);
  answers.push(await call(platform, owner, 'POST', '/api/v1/games/hangman/play', { language: 'en' }));
  answers.push(await call(platform, owner, 'POST', '/api/v1/wallet/purchases', { package: 'tokens_100' }));
  answers.push(await call(platform, owner, 'POST', '/api/v1/stats/share'));
  await call(platform, other, 'PUT', '/api/v1/user', { username: `fuzz_${other.id.slice(0, 8)}` });
  const code = idsIn(room).find((id) => /^[A-Z0-9]{4,8}$/.test(id));
  if (code) await call(platform, owner, 'POST', `/api/v1/rooms/${code}/invite`, { username: `fuzz_${other.id.slice(0, 8)}` });
  answers.push(await call(platform, other, 'GET', '/api/v1/invitations'));
  const ids = [...new Set(answers.flatMap((answer) => idsIn(answer)))];
  const matchIds = idsIn(answers.slice(1, 3)).filter((id) => id.includes('-'));
  const channels = [
    `user:${owner.id}`,
    `user:${other.id}`,
    ...(code ? [`room:${code}`] : []),
    ...matchIds.flatMap((id) => [`match:${id}`, `match:${id}:${owner.id}`, `match:${id}:${other.id}`]),
  ];
  return { ids, channels };
}

export async function startHarness(): Promise<FuzzHarness> {
  const platform = await createTestPlatform();
  const document = ApiDocument.parse((await platform.app.inject({ method: 'GET', url: API_DOCUMENT_URL })).json());
  const players = [await signIn(platform, 'en'), await signIn(platform, 'am')];
  const fixtures = await createFixtures(platform, players[0]!, players[1]!);
  const wsBase = (await platform.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');

  const state = async (): Promise<PlatformState> => {
    const head = await platform.platform.store.head();
    return { head: `${head.transactionId}/${head.globalPosition}`, ledger: await ledgerTotals(platform) };
  };

  const settle = async () => {
    const started = Date.now();
    let last = await state();
    let quiet = 0;
    while (quiet < SETTLE_QUIET_READS) {
      if (Date.now() - started > SETTLE_TIMEOUT_MS) throw new Error('the store and the ledger never stopped moving');
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
      const next = await state();
      quiet = JSON.stringify(next) === JSON.stringify(last) ? quiet + 1 : 0;
      last = next;
    }
  };

  const refreshPlayer = async (slot: number) => {
    const player = players[slot]!;
    const answer = await platform.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: `Bearer ${player.token}` } });
    if (answer.statusCode === 200) player.language = UserAnswer.parse(answer.json()).data.language;
    else players[slot] = await signIn(platform, player.language);
  };

  await settle();
  return {
    platform,
    operations: operationsOf(document),
    codes: documentedCodes(document),
    players,
    fixtures,
    wsBase,
    tally: new Map(),
    state,
    settle,
    refreshPlayer,
    close: () => platform.close(),
  };
}

/** For reports: the events appended after `head` (their types and streams), when a refusal moved the store. */
export async function eventsSince(harness: FuzzHarness, head: string): Promise<string[]> {
  const [transactionId = '0', globalPosition = '0'] = head.split('/');
  const after: Position = { transactionId: BigInt(transactionId), globalPosition: BigInt(globalPosition) };
  const events = await harness.platform.platform.store.readAll(after, REPORTED_EVENTS);
  return events.map((event) => `${event.type} (${event.streamId})`);
}

export function count(harness: FuzzHarness, outcome: string): void {
  harness.tally.set(outcome, (harness.tally.get(outcome) ?? 0) + 1);
}
