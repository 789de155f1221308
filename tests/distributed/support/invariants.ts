/**
 * What must hold after every fault: each command answered once (the only non-outcomes a client saw were
 * "no answer" from a dying gateway or a timeout, each later settled with the same key); wallets as the
 * outcomes say, on both gateways and on the push channel; the ledger's read model equal to a replay of its
 * events and no movement recorded twice; every game finished and paid; `ledger:audit` clean.
 */
import { eventContextOf } from '@qal/events';
import { expect } from 'vitest';
import type { Cluster } from './cluster.ts';
import type { Journey } from './journey.ts';

/** What a client may see before an outcome: nothing (a gateway died), a timeout, the service starting up. */
const NOT_YET_AN_OUTCOME = new Set<string>(['no_answer', '504:command_timeout', '503:not_ready', '409:idempotency_in_progress']);

export async function expectConsistent(cluster: Cluster, journeys: readonly Journey[]): Promise<void> {
  for (const journey of journeys) {
    const { player } = journey;
    expect(journey.mismatches, `${player.name}: a repeat with the same key answered differently`).toEqual([]);
    const unclear = player.attempts
      .filter((a) => a.status !== 200)
      .map((a) => (a.status === 'no_answer' ? 'no_answer' : `${a.status}:${a.code ?? ''}`))
      .filter((what) => !NOT_YET_AN_OUTCOME.has(what));
    expect(unclear, `${player.name}: answers that are neither an outcome nor a timeout`).toEqual([]);

    const expected = journey.expectedBalance();
    await player.push!.waitForBalance(expected, 60_000);
    for (const gateway of [0, 1]) expect(await player.wallet(gateway)).toEqual({ balance: expected, held: 0, available: expected });

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

    // each movement of the wallet once: one welcome grant, one bonus, one purchase, one fee, one reward
    const movements = await cluster.db.query<{ type: string; reason: string; n: number }>(
      `select type, data->>'reason' as reason, count(*)::int as n from eventstore.events where stream_id = $1 and type <> 'WalletOpened'
        group by 1, 2 order by 1, 2`,
      [stream],
    );
    expect(movements.rows.filter((m) => m.n !== 1), `${player.name}: a movement recorded more than once`).toEqual([]);

    const match = await cluster.db.query<{ status: string; reward_paid: boolean; tokens_won: number }>(
      `select status, reward_paid, tokens_won from engine.engine_matches where match_id = $1`,
      [journey.matchId],
    );
    expect(match.rows).toEqual([{ status: 'won', reward_paid: journey.tokensWon > 0, tokens_won: journey.tokensWon }]);
  }

  const streams = await cluster.db.query<{ stream_id: string }>(`select distinct stream_id from eventstore.events`);
  expect(streams.rows.map((r) => r.stream_id).filter((id) => eventContextOf(id) === 'other'), 'streams the relay has no topic for').toEqual([]);

  const audit = await cluster.audit();
  expect(audit.code, audit.output).toBe(0);
}
