/**
 * What must hold after every fault: each command answered once (the only non-outcomes a client saw were
 * "no answer" from a dying gateway or a timeout, each later settled with the same key); wallets as the
 * outcomes say, on both gateways and on the push channel; the ledger's read model equal to a replay of its
 * events and no movement recorded twice; every game finished and paid (a room match once, to its winners, and in
 * each of its players' history; an arcade game as its player saw it end, and every arcade match in the store with
 * its fee charged once, its reward paid once, an abandoned start refunded: arcade.ts); `ledger:audit` clean.
 */
import { eventContextOf } from '@qal/events';
import { expect } from 'vitest';
import type { Player } from './client.ts';
import type { Cluster } from './cluster.ts';
import type { Journey } from './journey.ts';
import { expectArcadeJourney, expectArcadeSettled, type ArcadeJourney } from './arcade.ts';
import { matchChannel, rakeOf, roomChannel, type MatchView, type RoomJourney, type RoomView } from './rooms.ts';

/** How long a won game may take to record its reward after a fault: the sweeper retries an unrecorded one after 10 s. */
const MATCH_SETTLED_WITHIN_MS = 30_000;

/** What a client may see before an outcome: nothing (a gateway died), a timeout, the service starting up. */
const NOT_YET_AN_OUTCOME = new Set<string>(['no_answer', '504:command_timeout', '503:not_ready', '409:idempotency_in_progress']);

export async function expectConsistent(
  cluster: Cluster,
  journeys: readonly Journey[],
  rooms: readonly RoomJourney[] = [],
  label = 'after the fault',
): Promise<void> {
  // the room checks first: a room player's expected wallet needs the match's final view
  for (const room of rooms) await expectRoomSettled(cluster, room);
  for (const journey of [...journeys, ...rooms.flatMap((room) => room.players)]) {
    const { player } = journey;
    expect(journey.mismatches, `${player.name}: a repeat with the same key answered differently`).toEqual([]);
    const unclear = player.attempts
      .filter((a) => a.status !== 200)
      .map((a) => (a.status === 'no_answer' ? 'no_answer' : `${a.status}:${a.code ?? ''}`))
      .filter((what) => !NOT_YET_AN_OUTCOME.has(what) && !journey.clearRejections.has(what.split(':')[1] ?? ''));
    expect(unclear, `${player.name}: answers that are neither an outcome nor a timeout`).toEqual([]);

    const expected = journey.expectedBalance();
    await player.push!.waitForBalance(expected, 60_000);
    // Both gateways read the same wallet from the store, at the same version (its last event's).
    const [onFirst, onSecond] = [await player.wallet(0), await player.wallet(1)];
    expect(onFirst).toEqual({ balance: expected, held: 0, available: expected, version: expect.any(Number) });
    expect(onSecond).toEqual(onFirst);

    // the read model against a replay of the wallet's own events (each carries the running totals)
    const stream = `account-wallet:${player.userId}`;
    const replayed = await cluster.db.query<{ balance: number; held: number }>(
      `select (data->>'balanceAfter')::int as balance, (data->>'heldAfter')::int as held from eventstore.events
        where stream_id = $1 order by stream_position desc limit 1`,
      [stream],
    );
    const projected = await cluster.db.query<{ balance: string; held: string }>(
      `select balance::text as balance, held::text as held from ledger.ledger_accounts where account_id = $1`,
      [`wallet:${player.userId}`],
    );
    expect(replayed.rows[0]).toEqual({ balance: expected, held: 0 });
    expect(projected.rows.map((r) => ({ balance: Number(r.balance), held: Number(r.held) }))).toEqual([{ balance: expected, held: 0 }]);

    // each movement of the wallet once: one welcome grant, one bonus, one purchase, one fee and one reward per game
    const movements = await cluster.db.query<{ type: string; reason: string; match: string | null; n: number }>(
      `select type, data->>'reason' as reason, data->>'matchId' as match, count(*)::int as n from eventstore.events
        where stream_id = $1 and type <> 'WalletOpened' group by 1, 2, 3 order by 1, 2, 3`,
      [stream],
    );
    expect(
      movements.rows.filter((m) => m.n !== 1),
      `${player.name}: a movement recorded more than once`,
    ).toEqual([]);

    if (journey.kind === 'room') continue;
    if (journey.kind === 'arcade') {
      await expectArcadeJourney(cluster, journey as ArcadeJourney);
      continue;
    }
    // The wallet has the reward; the engine records that it paid it once the ledger's answer reaches it, which after a
    // lost reply is the sweeper's retry (REWARD_RETRY_AFTER_MS later): wait for that, within a bound.
    const expectedMatch = [{ status: 'won', reward_paid: journey.tokensWon > 0, tokens_won: journey.tokensWon }];
    const readMatch = async () =>
      (
        await cluster.db.query<{ status: string; reward_paid: boolean; tokens_won: number }>(
          `select status, reward_paid, tokens_won from engine.engine_matches where match_id = $1`,
          [journey.matchId],
        )
      ).rows;
    let match = await readMatch();
    for (
      const until = Date.now() + MATCH_SETTLED_WITHIN_MS;
      JSON.stringify(match) !== JSON.stringify(expectedMatch) && Date.now() < until;
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      match = await readMatch();
    }
    expect(match).toEqual(expectedMatch);
  }

  const streams = await cluster.db.query<{ stream_id: string }>(`select distinct stream_id from eventstore.events`);
  expect(
    streams.rows.map((r) => r.stream_id).filter((id) => eventContextOf(id) === 'other'),
    'streams the relay has no topic for',
  ).toEqual([]);

  // every arcade match in the store, the abandoned and the walked-away ones too: fee once, reward once, refunds
  await expectArcadeSettled(cluster, label);

  const audit = await cluster.audit();
  expect(audit.code, audit.output).toBe(0);
}

/**
 * A room match after the fault: finished for every player (their channels and the room say so), the winners as
 * the game's rules say (RoomGame.expectFinal), the rake in `house` once, the rest of the pot (entry fees and stakes)
 * paid once to the winners,
 * every hold of the match escrow placed once and resolved once (posted: no penalty, nobody left), the escrow
 * empty, and each player's history showing the match with its result and what it cost or won them.
 */
async function expectRoomSettled(cluster: Cluster, room: RoomJourney): Promise<void> {
  const final = room.final;
  expect(final, `${room.label}: the match has a final view`).not.toBeNull();
  expect(final!.status).toBe('finished');
  await room.game.expectFinal(cluster, room);
  const winners = room.winners();

  const players = room.players;
  const { entryFee, stake } = room.game;
  // the settlement: the house's rake on the entry fees and stakes, the rest to the winners
  const rake = rakeOf(entryFee * players.length, stake * players.length, winners);
  const payouts = winners
    .map((id) => ({ reason: 'payout', to: `wallet:${id}`, amount: room.payoutTo(id), n: 1 }))
    .filter((t) => t.amount > 0);
  for (const { player } of players) {
    // the pushes reached each player on its websocket (after any reconnect): the match over, the room finished
    const follower = room.followers.get(player.userId)!;
    const seen = await follower.waitFor<MatchView>(matchChannel(room.matchId, player.userId), (v) => v.status === 'finished', 60_000);
    expect(seen && room.game.winnersOf(seen), `${player.name}: the match channel shows the end`).toEqual(winners);
    expect(
      await follower.waitFor<RoomView>(roomChannel(room.code), (r) => r.status === 'finished', 60_000),
      `${player.name}: the room channel shows it finished`,
    ).not.toBeNull();
  }

  const matchId = room.matchId;
  // one end of the game in its stream, one end of the match in the room
  const gameStream = `${room.game.streamPrefix}${matchId}`;
  const ends = await cluster.db.query<{ stream_id: string; n: number }>(
    `select stream_id, count(*)::int as n from eventstore.events where (stream_id = $1 and type = $2) or (stream_id = $3 and type = 'MatchFinished') group by 1 order by 1`,
    [gameStream, room.game.finishedEvent, `room-${room.code}`],
  );
  expect(
    [...ends.rows].sort((a, b) => a.stream_id.localeCompare(b.stream_id)),
    `${room.label}: one ${room.game.finishedEvent} and one MatchFinished`,
  ).toEqual(
    [
      { stream_id: gameStream, n: 1 },
      { stream_id: `room-${room.code}`, n: 1 },
    ].sort((a, b) => a.stream_id.localeCompare(b.stream_id)),
  );

  // the ledger steps of the room may still be running (the sweeper resumes them): wait until the escrow is empty
  const escrow = `escrow:${matchId}`;
  const deadline = Date.now() + 60_000;
  let accounts: { balance: number; held: number }[] = [];
  for (;;) {
    const { rows } = await cluster.db.query<{ balance: string; held: string; pending: string }>(
      `select balance::text as balance, held::text as held, pending_credit::text as pending from ledger.ledger_accounts where account_id = $1`,
      [escrow],
    );
    accounts = rows.map((r) => ({ balance: Number(r.balance), held: Number(r.held) + Number(r.pending) }));
    const paid = await cluster.db.query<{ n: number }>(
      `select count(*)::int as n from eventstore.events where type = 'TransferPosted' and data->>'matchId' = $1 and data->>'reason' = 'payout'`,
      [matchId],
    );
    if (accounts[0]?.balance === 0 && accounts[0].held === 0 && paid.rows[0]!.n === payouts.length) break;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(accounts, `${room.label}: the escrow paid out and empty`).toEqual([{ balance: 0, held: 0 }]);

  // every hold into the escrow placed once and resolved once, and posted (fee and stake of every player)
  const holds = await cluster.db.query<{
    hold_id: string;
    reason: string;
    amount: number;
    placed: number;
    resolved: number;
    posted: number;
  }>(
    `select h.stream_id as hold_id, min(p.data->>'reason') as reason, min((p.data->>'amount')::int) as amount,
            count(*) filter (where h.type = 'HoldPlaced')::int as placed,
            count(*) filter (where h.type in ('HoldPosted', 'HoldVoided', 'HoldExpired'))::int as resolved,
            count(*) filter (where h.type = 'HoldPosted')::int as posted
       from eventstore.events p join eventstore.events h on h.stream_id = p.stream_id
      where p.type = 'HoldPlaced' and p.data->>'matchId' = $1 group by h.stream_id order by 2, 1`,
    [matchId],
  );
  expect(
    holds.rows.map(({ reason, amount, placed, resolved, posted }) => ({ reason, amount, placed, resolved, posted })),
    `${room.label}: the holds of the match`,
  ).toEqual([
    ...players.map(() => ({ reason: 'bet_stake', amount: stake, placed: 1, resolved: 1, posted: 1 })),
    ...players.map(() => ({ reason: 'entry_fee', amount: entryFee, placed: 1, resolved: 1, posted: 1 })),
  ]);
  const pending = await cluster.db.query<{ n: number }>(
    `select count(*)::int as n from ledger.ledger_holds where match_id = $1 and status <> 'posted'`,
    [matchId],
  );
  expect(pending.rows[0]!.n, `${room.label}: holds of the match not posted in the read model`).toBe(0);

  // and the room recorded each answer of the ledger once (a retried step records nothing twice)
  const recorded = await cluster.db.query<{ type: string; id: string; n: number }>(
    `select type, coalesce(data->>'holdId', data->>'transferId') as id, count(*)::int as n from eventstore.events
      where stream_id = $1 and type in ('RoomHoldPlaced', 'RoomHoldResolved', 'RoomTransferDone') group by 1, 2`,
    [`room-${room.code}`],
  );
  const count = (type: string) => recorded.rows.filter((r) => r.type === type).length;
  expect(
    recorded.rows.filter((r) => r.n !== 1),
    `${room.label}: ledger answers recorded more than once in the room`,
  ).toEqual([]);
  expect(
    [count('RoomHoldPlaced'), count('RoomHoldResolved'), count('RoomTransferDone')],
    `${room.label}: holds placed, resolved, transfers done`,
  ).toEqual([holds.rows.length, holds.rows.length, (rake > 0 ? 1 : 0) + payouts.length]);

  // the rake to the house once, the rest of the pot to the winners once (each transfer id one TransferPosted)
  const transfers = await cluster.db.query<{ reason: string; to: string; amount: number; n: number }>(
    `select data->>'reason' as reason, data->>'creditAccountId' as to, sum((data->>'amount')::int)::int as amount, count(*)::int as n
       from eventstore.events where type = 'TransferPosted' and data->>'matchId' = $1 group by 1, 2 order by 1, 2`,
    [matchId],
  );
  const pot = (entryFee + stake) * players.length;
  const byKind = (a: { reason: string; to: string }, b: { reason: string; to: string }) =>
    `${a.reason} ${a.to}`.localeCompare(`${b.reason} ${b.to}`);
  expect([...transfers.rows].sort(byKind), `${room.label}: the match's transfers`).toEqual(
    [...(rake > 0 ? [{ reason: 'rake', to: 'house', amount: rake, n: 1 }] : []), ...payouts].sort(byKind),
  );
  expect(
    payouts.reduce((sum, t) => sum + t.amount, 0) + rake,
    `${room.label}: the whole pot paid (the prize to the winners, the rake to the house)`,
  ).toBe(pot);

  // both gateways tell the same finished room
  for (const gateway of [0, 1]) {
    const answer = await room.host.player.request(gateway, 'GET', `/rooms/${room.code}`);
    expect((answer.body.data?.room as RoomView | undefined)?.status, `room on gateway ${gateway + 1}`).toBe('finished');
  }

  // each player's history (GET /matches, the engine's read model) shows the match: the result, and the net tokens
  // (what the pot paid them less the fee and the stake posted from them)
  const out = new Set((final!.players ?? []).filter((p) => p.status === 'left').map((p) => p.id));
  const resultOf = (id: string) => (out.has(id) ? 'left' : winners.includes(id) ? (winners.length > 1 ? 'tie' : 'won') : 'lost');
  for (const { player } of players) {
    const expected = {
      matchId,
      roomCode: room.code,
      game: room.game.game,
      result: resultOf(player.userId),
      tokens: room.payoutTo(player.userId) - entryFee - stake,
    };
    const row = await historyRow(player, matchId);
    expect(
      row && { matchId: row.matchId, roomCode: row.roomCode, game: row.game, result: row.result, tokens: row.tokens },
      `${player.name}: the match in the history`,
    ).toEqual(expected);
  }
}

interface HistoryItem {
  readonly matchId: string;
  readonly roomCode: string;
  readonly game: string;
  readonly result: string;
  readonly tokens: number;
}

/** The player's history row of the match, once the engine's read model has it (null after a minute without). */
async function historyRow(player: Player, matchId: string): Promise<HistoryItem | null> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await player.settle('history', 'GET', '/matches?mine=1');
    const items = (answer.body.data?.items ?? []) as HistoryItem[];
    const row = items.find((item) => item.matchId === matchId);
    if (row || Date.now() > deadline) return row ?? null;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
