/**
 * Event fixtures: what the gateway, the engine and the ledger store, in the shapes the projection reads, appended
 * straight to a store (no services needed).
 */
import {
  accountStreamId,
  newUuid,
  playerStreamId,
  walletAccountId,
  type EventStore,
  type EventToAppend,
  type SqlDatabase,
} from '@qal/events';
import { TABLES } from '../src/projection/tables.ts';

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${++counter}-${newUuid().slice(0, 8)}`;

export async function register(store: EventStore, name: string, userId = nextId('user')): Promise<string> {
  await store.append([
    {
      streamId: playerStreamId(userId),
      streamType: 'player',
      expectedVersion: 'no_stream',
      events: [
        { eventId: newUuid(), type: 'PlayerRegistered', data: { userId, name, language: 'en', registeredAt: '2025-01-01T00:00:00.000Z' } },
      ],
    },
  ]);
  return userId;
}

export async function changeProfile(store: EventStore, userId: string, change: { name?: string; avatar?: string | null }) {
  await store.append([
    {
      streamId: playerStreamId(userId),
      streamType: 'player',
      expectedVersion: 'any',
      events: [{ eventId: newUuid(), type: 'ProfileChanged', data: { userId, ...change, changedAt: '2025-01-02T00:00:00.000Z' } }],
    },
  ]);
}

export interface PlayFixture {
  readonly userId: string;
  /** The instant the game ended. */
  readonly at: string;
  /** Omitted or 0: lost. */
  readonly score?: number;
  /** Tokens the reward paid (a ledger credit), when won. */
  readonly reward?: number;
}

/** One single-player Hangman game: requested, started, a guess, won or lost, and the reward credited. */
export async function playHangman(store: EventStore, play: PlayFixture): Promise<string> {
  const matchId = newUuid();
  const won = (play.score ?? 0) > 0;
  const startedAt = new Date(Date.parse(play.at) - 30_000).toISOString();
  const stream = `match-${matchId}`;
  await store.append([
    {
      streamId: stream,
      streamType: 'hangman-match',
      expectedVersion: 'no_stream',
      events: [
        {
          eventId: newUuid(),
          type: 'HangmanRequested',
          data: { matchId, playerId: play.userId, language: 'en', seed: 's', day: startedAt.slice(0, 10), requestedAt: startedAt, cost: 9 },
        },
        {
          eventId: newUuid(),
          type: 'HangmanStarted',
          data: {
            matchId,
            playerId: play.userId,
            language: 'en',
            category: 'animals',
            difficulty: 'easy',
            word: 'zebra',
            seed: 's',
            startedAt,
            deadline: play.at,
            lives: 7,
            hints: 2,
          },
        },
        { eventId: newUuid(), type: 'LetterGuessed', data: { letter: 'z', hit: true, revealedPositions: [0], at: play.at } },
        won
          ? {
              eventId: newUuid(),
              type: 'HangmanWon',
              data: {
                at: play.at,
                elapsedMs: 30_000,
                score: play.score!,
                tokensWon: play.reward ?? 0,
                xpWon: Math.min(10, 5 + Math.floor(play.score! / 100)),
              },
            }
          : { eventId: newUuid(), type: 'HangmanLost', data: { at: play.at, reason: 'lives' } },
      ],
    },
  ]);
  if (won && play.reward) await credit(store, play.userId, play.reward, 'reward', matchId);
  return matchId;
}

export interface DuelFixture {
  /** Seat order. */
  readonly players: readonly string[];
  /** The instant the duel ended. */
  readonly at: string;
  /** Rounds ended before the finish (each a minute apart, the last one a minute before `at`). */
  readonly rounds: number;
  /** DuelFinished's winners (several: a tie). */
  readonly winners: readonly string[];
  /** Players who leave, each after that many rounds have ended. */
  readonly left?: readonly { readonly userId: string; readonly afterRounds: number }[];
  /** Tokens each winner is paid out of the pot (ledger `payout` credits with the duel's matchId). */
  readonly payout?: number;
}

const minutesBefore = (at: string, minutes: number) => new Date(Date.parse(at) - minutes * 60_000).toISOString();

/** One word duel on its `duel-<matchId>` stream, as the engine stores it (the events the projection reads and more). */
export async function playDuel(store: EventStore, duel: DuelFixture): Promise<string> {
  const matchId = newUuid();
  const startedAt = minutesBefore(duel.at, duel.rounds + 1);
  const events: EventToAppend[] = [
    {
      eventId: newUuid(),
      type: 'DuelStarted',
      data: {
        matchId,
        roomCode: 'ABC123',
        language: 'en',
        players: [...duel.players],
        turnMs: 30_000,
        durationMs: 300_000,
        startedAt,
        seed: 'seed',
        lives: 7,
        roomHints: 3,
        timeoutsToRemove: 3,
      },
    },
  ];
  const leave = (ended: number) => {
    for (const l of duel.left ?? []) {
      if (l.afterRounds !== ended) continue;
      const at = minutesBefore(duel.at, duel.rounds - ended + 0.5);
      events.push({ eventId: newUuid(), type: 'PlayerRemoved', data: { playerId: l.userId, reason: 'left', at } });
    }
  };
  leave(0);
  for (let round = 1; round <= duel.rounds; round += 1) {
    const setterId = duel.players[(round - 1) % duel.players.length]!;
    const guesser = duel.players[round % duel.players.length]!;
    const at = minutesBefore(duel.at, duel.rounds - round + 1);
    events.push(
      { eventId: newUuid(), type: 'RoundStarted', data: { round, setterId, at } },
      { eventId: newUuid(), type: 'WordSet', data: { setterId, word: 'zebra', at } },
      {
        eventId: newUuid(),
        type: 'LetterGuessed',
        data: { playerId: guesser, letter: 'z', hit: true, revealedPositions: [0], points: 10, at },
      },
      {
        eventId: newUuid(),
        type: 'RoundEnded',
        data: { round, setterId, word: 'zebra', outcome: 'failed', bonus: { playerId: setterId, points: 50 }, at },
      },
    );
    leave(round);
  }
  events.push({ eventId: newUuid(), type: 'DuelFinished', data: { reason: 'all_set', winners: [...duel.winners], at: duel.at } });
  await store.append([{ streamId: `duel-${matchId}`, streamType: 'duel-match', expectedVersion: 'no_stream', events }]);
  if (duel.payout) for (const winner of duel.winners) await credit(store, winner, duel.payout, 'payout', matchId);
  return matchId;
}

/** One Crazy game on its `crazy-<matchId>` stream: started, players who left, finished with `winner`. */
export async function playCrazy(
  store: EventStore,
  game: { players: readonly string[]; winner: string; at: string; left?: readonly string[] },
): Promise<string> {
  const matchId = newUuid();
  const startedAt = minutesBefore(game.at, 10);
  const hands = Object.fromEntries(game.players.map((id) => [id, []]));
  const rules = {};
  await store.append([
    {
      streamId: `crazy-${matchId}`,
      streamType: 'crazy-match',
      expectedVersion: 'no_stream',
      events: [
        {
          eventId: newUuid(),
          type: 'CrazyStarted',
          data: {
            matchId,
            roomCode: 'CRZ123',
            players: [...game.players],
            starter: game.players[0]!,
            hands,
            deck: [],
            turnMs: 30_000,
            startedAt,
            seed: 'seed',
            rules,
          },
        },
        ...(game.left ?? []).map((playerId) => ({
          eventId: newUuid(),
          type: 'PlayerRemoved',
          data: { playerId, reason: 'left', returned: [], at: minutesBefore(game.at, 5) },
        })),
        {
          eventId: newUuid(),
          type: 'CrazyFinished',
          data: {
            winner: game.winner,
            reason: 'emptied_hand',
            scores: Object.fromEntries(game.players.map((id) => [id, id === game.winner ? 0 : 12])),
            at: game.at,
          },
        },
      ],
    },
  ]);
  return matchId;
}

/** A ledger transfer from `issuance` to the player's wallet, as its three events. */
export async function credit(store: EventStore, userId: string, amount: number, reason: string, matchId: string | null = null) {
  const transferId = newUuid();
  const wallet = walletAccountId(userId);
  const leg = { transferId, holdId: null, amount, reason, matchId, purchaseId: null };
  await store.append([
    {
      streamId: `transfer-${transferId}`,
      streamType: 'ledger-transfer',
      expectedVersion: 'no_stream',
      events: [
        {
          eventId: newUuid(),
          type: 'TransferPosted',
          data: { transferId, debitAccountId: 'issuance', creditAccountId: wallet, amount, reason, matchId, purchaseId: null },
        },
      ],
    },
    {
      streamId: accountStreamId('issuance'),
      streamType: 'ledger-account',
      expectedVersion: 'any',
      events: [
        {
          eventId: newUuid(),
          type: 'AccountDebited',
          data: { ...leg, accountId: 'issuance', counterpartyId: wallet, balanceAfter: null, heldAfter: null },
        },
      ],
    },
    {
      streamId: accountStreamId(wallet),
      streamType: 'ledger-account',
      expectedVersion: 'any',
      events: [
        {
          eventId: newUuid(),
          type: 'AccountCredited',
          data: { ...leg, accountId: wallet, counterpartyId: 'issuance', balanceAfter: amount, heldAfter: 0 },
        },
      ],
    },
  ]);
}

/** Every row of every read-model table, in key order: two dumps are equal when the tables are. */
export async function dumpTables(db: SqlDatabase): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const { rows } = await db.query<Record<string, unknown>>(`select * from ${table}`);
    dump[table] = rows
      .map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? v.toString() : v]),
        ),
      )
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return dump;
}
