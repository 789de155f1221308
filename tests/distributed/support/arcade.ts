/**
 * The arcade's single-player games in the fault scenarios (the engine's arcade shell, service/arcade.ts): a player
 * signs in, then starts and plays games through its gateway, its wallet followed on the other one. Every start and
 * every move goes through `exactlyOnce` (settled with its Idempotency-Key, then repeated through the other gateway,
 * which must answer the same without a second effect). Each game's secret is read from its start event (as only the
 * engine may), so each is played to a known end:
 * - Mines (10 mines): two safe tiles, then a cash-out;
 * - Codebreaker (easy): one wrong guess, then the code;
 * - Sum Chaser: the first call right, then a cash-out;
 * - Geo Sprint: every question answered right on its own clock (the reveal skipped), the last answer ends it;
 * - Math Sprint (easy): a dozen right answers, then nothing: the game ends on the server's clock (the engine's
 *   sweeper sends the expiry at the deadline) and its reward is paid then.
 * A player who walks away (`walkAway`) sends one start and never learns its outcome.
 *
 * After a fault (invariants.ts): each player's games as both gateways show them (the end the player saw, the server
 * seed revealed and matching the commitment shown at the start), and for every arcade match in the store, whoever
 * started it (`expectArcadeSettled`): the fee charged once (a started game), the reward paid once (a finished one,
 * one ledger transfer per match, recorded once by the engine), an abandoned start refunded, a refused one charged
 * nothing, and the engine's read model saying the same.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { ArcadeView } from '@qal/events';
import { expect } from 'vitest';
import type { Cluster } from './cluster.ts';
import { expectSuccess, type Player } from './client.ts';
import { arrive, exactlyOnce, WELCOME_GRANT, type Journey } from './journey.ts';

/** A start still unfinished this long is called off by the engine's sweeper (PLAY_REQUEST_STALE_MS, SWEEP_INTERVAL_MS). */
const PLAY_REQUEST_STALE_MS = 60_000;
const SWEEP_INTERVAL_MS = 5_000;
/** How long a finished game's reward, an abandoned start's refund, may take after a fault: the sweeper's retries. */
const ARCADE_SETTLED_WITHIN_MS = 45_000;

/**
 * Named refusals that are an outcome of an arcade journey: a Geo Sprint `next_question` that found the reveal already
 * over (the request was held up past it), after which the next question simply shows.
 */
const ARCADE_CLEAR_REJECTIONS = new Set(['no_result_to_skip']);

/** One game a player started, and how it ended as the player saw it. */
export interface ArcadeGamePlayed {
  readonly game: string;
  readonly matchId: string;
  readonly cost: number;
  /** The fairness commitment the start showed. */
  readonly commitment: string;
  /** The view that showed the end (a move's answer, or a read once the server's clock ended it); null while played. */
  final: ArcadeView | null;
}

export interface ArcadeJourney extends Journey {
  readonly games: ArcadeGamePlayed[];
}

/** One game of a player's run: plays it to its end and returns it. */
export type ArcadePlay = (cluster: Cluster, journey: ArcadeJourney) => Promise<ArcadeGamePlayed>;

/** Signs in with the welcome grant to play with; the wallet must end at the grant, less the fees, plus the rewards. */
export async function arriveForArcade(cluster: Cluster, player: Player): Promise<ArcadeJourney> {
  const games: ArcadeGamePlayed[] = [];
  const expectedBalance = () =>
    games.reduce((balance, game) => {
      if (!game.final) throw new Error(`${player.name}: ${game.game} ${game.matchId} has not ended`);
      return balance - game.cost + (game.final.outcome?.tokens ?? 0);
    }, WELCOME_GRANT);
  const journey = await arrive(cluster, player, { kind: 'arcade', clearRejections: ARCADE_CLEAR_REJECTIONS, expectedBalance });
  return Object.assign(journey, { games });
}

/** The games, one after the other. */
export async function runArcade(cluster: Cluster, journey: ArcadeJourney, plays: readonly ArcadePlay[]): Promise<ArcadeJourney> {
  for (const play of plays) await play(cluster, journey);
  return journey;
}

async function secretOf<T>(cluster: Cluster, matchId: string, type: string): Promise<T> {
  const { rows } = await cluster.db.query<{ data: T }>(`select data from eventstore.events where stream_id = $1 and type = $2`, [
    `match-${matchId}`,
    type,
  ]);
  if (!rows[0]) throw new Error(`match ${matchId} has no ${type}`);
  return rows[0].data;
}

async function start(
  journey: ArcadeJourney,
  game: string,
  options: Record<string, unknown>,
): Promise<{ played: ArcadeGamePlayed; view: ArcadeView }> {
  const started = await exactlyOnce(journey, `play ${game}`, `/games/${game}/play`, { options }, ['matchId', 'view.game']);
  const { matchId, view } = started.body.data as { matchId: string; view: ArcadeView };
  const played: ArcadeGamePlayed = { game, matchId, cost: view.cost, commitment: view.fairness.commitment, final: null };
  journey.games.push(played);
  return { played, view };
}

/** A move of the game; its answer's view (the same view when a named refusal the journey expects came back). */
async function move(
  journey: ArcadeJourney,
  played: ArcadeGamePlayed,
  label: string,
  body: Record<string, unknown>,
): Promise<ArcadeView | null> {
  const answer = await exactlyOnce(journey, `${played.game} ${label}`, `/matches/${played.matchId}/moves`, body, [
    'view.matchId',
    'view.status',
  ]);
  if (answer.status !== 200) return null;
  const view = answer.body.data?.view as ArcadeView;
  if (view.status !== 'playing') played.final = view;
  return view;
}

function ended(journey: ArcadeJourney, played: ArcadeGamePlayed, status: 'won' | 'lost'): ArcadeGamePlayed {
  if (played.final?.status !== status)
    throw new Error(
      `${journey.player.name}: ${played.game} ${played.matchId} ended ${played.final?.status ?? 'not at all'}, not ${status}`,
    );
  return played;
}

/** The player's view of the match, read over HTTP. */
async function readView(player: Player, matchId: string, gateway?: number): Promise<ArcadeView> {
  const answer = await player.settle('arcade read', 'GET', `/matches/${matchId}`, gateway === undefined ? {} : { gateway });
  expectSuccess(answer, `${player.name} read ${matchId}`);
  return answer.body.data?.view as ArcadeView;
}

/** Mines with 10 mines: two safe tiles, then the cash-out (a win that pays 2 tokens). */
export const playMines: ArcadePlay = async (cluster, journey) => {
  const { played } = await start(journey, 'mines', { mines: 10 });
  const { mines } = await secretOf<{ mines: number[] }>(cluster, played.matchId, 'MinesStarted');
  const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile));
  for (const tile of safe.slice(0, 2)) await move(journey, played, `reveal ${tile}`, { type: 'reveal', tile });
  await move(journey, played, 'cash out', { type: 'cash_out' });
  return ended(journey, played, 'won');
};

/** Codebreaker, easy: a wrong guess (the code's digits rotated), then the code. */
export const playCodebreaker: ArcadePlay = async (cluster, journey) => {
  const { played } = await start(journey, 'codebreaker', { level: 'easy' });
  const { code } = await secretOf<{ code: string }>(cluster, played.matchId, 'CodebreakerStarted');
  await move(journey, played, `guess ${code.slice(1)}${code[0]}`, { type: 'guess_code', digits: `${code.slice(1)}${code[0]}` });
  await move(journey, played, 'guess the code', { type: 'guess_code', digits: code });
  return ended(journey, played, 'won');
};

/** Sum Chaser: the first call right (the first digit against the line), then the cash-out. */
export const playSumChaser: ArcadePlay = async (cluster, journey) => {
  const { played, view } = await start(journey, 'sum-chaser', {});
  const { digits } = await secretOf<{ digits: number[] }>(cluster, played.matchId, 'SumChaserStarted');
  const { line } = view.play as { line: number };
  const call = digits[0]! > line ? 'over' : 'under';
  await move(journey, played, `call ${call}`, { type: 'predict', call });
  await move(journey, played, 'cash out', { type: 'cash_out' });
  return ended(journey, played, 'won');
};

/** Geo Sprint: each question answered right within its seconds, the result's reveal skipped; the last answer ends it. */
export const playGeoSprint: ArcadePlay = async (cluster, journey) => {
  const { played, view } = await start(journey, 'geo-sprint', {});
  const { questions } = await secretOf<{ questions: { answer: number }[] }>(cluster, played.matchId, 'GeoSprintStarted');
  let play = view.play as { position: number; current: unknown };
  for (let question = 0; question < questions.length; question++) {
    // the result of the last answer is on screen: show the next question now (refused if its reveal is over already)
    if (question > 0 && play.current === null) await move(journey, played, `next ${question}`, { type: 'next_question' });
    const answered = await move(journey, played, `answer ${question}`, { type: 'answer', question, choice: questions[question]!.answer });
    if (answered) play = answered.play as typeof play;
  }
  return ended(journey, played, 'won');
};

/** Math Sprint, easy, started (to be answered by answerMathSprint, then left to the server's clock). */
export const startMathSprint: ArcadePlay = async (_cluster, journey) => (await start(journey, 'math-sprint', { level: 'easy' })).played;

/** The player's Math Sprint under way: its next `answers` problems answered right (a dozen win it), then nothing more. */
export function answerMathSprint(answers: number): ArcadePlay {
  return async (cluster, journey) => {
    const played = journey.games.findLast((game) => game.game === 'math-sprint' && !game.final);
    if (!played) throw new Error(`${journey.player.name}: no Math Sprint under way`);
    const { problems } = await secretOf<{ problems: { answer: number }[] }>(cluster, played.matchId, 'MathSprintStarted');
    let current = ((await readView(journey.player, played.matchId)).play as { current: { index: number } | null }).current;
    for (let n = 0; n < answers && current; n++) {
      const next = await move(journey, played, `answer ${current.index}`, {
        type: 'math_answer',
        problem: current.index,
        value: problems[current.index]!.answer,
      });
      current = next ? (next.play as { current: typeof current }).current : null;
    }
    return played;
  };
}

/**
 * Until the server's clock has ended every game of the player still being played (the engine's sweeper expires it at
 * its deadline), read back as the player's app does; each must end `status`, finished at the deadline it showed.
 */
export async function untilTheClockEndsThem(journey: ArcadeJourney, status: 'won' | 'lost'): Promise<ArcadeJourney> {
  for (const played of journey.games.filter((game) => !game.final)) {
    let view = await readView(journey.player, played.matchId);
    const deadline = view.deadline;
    if (view.status !== 'playing' || !deadline)
      throw new Error(`${journey.player.name}: ${played.game} ${played.matchId} has no clock running`);
    while (view.status === 'playing') {
      if (Date.now() > Date.parse(deadline) + ARCADE_SETTLED_WITHIN_MS)
        throw new Error(`${journey.player.name}: ${played.game} ${played.matchId} still playing after its deadline`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      view = await readView(journey.player, played.matchId);
    }
    played.final = view;
    ended(journey, played, status);
    if (Date.parse(view.outcome!.finishedAt) !== Date.parse(deadline))
      throw new Error(
        `${journey.player.name}: ${played.game} ${played.matchId} finished at ${view.outcome!.finishedAt}, not at its deadline ${deadline}`,
      );
  }
  return journey;
}

/** One try at a start by a signed-in player, then gone (its phone died): whatever came of it, nobody asks again. */
export async function walkAway(player: Player, game: string): Promise<string> {
  const sentAt = Date.now();
  try {
    const answer = await player.request(player.gateway, 'POST', `/games/${game}/play`, { body: { options: {} }, key: randomUUID() });
    return `${answer.status}${answer.body.code ? ` ${answer.body.code}` : ''} in ${((Date.now() - sentAt) / 1000).toFixed(1)} s`;
  } catch {
    return `no answer in ${((Date.now() - sentAt) / 1000).toFixed(1)} s`;
  }
}

/** One line per player for a scenario's output. */
export function describeArcade(journeys: readonly ArcadeJourney[]): string {
  return journeys
    .map(
      (j) =>
        `${j.player.name}: ${j.games
          .map(
            (g) =>
              `${g.game} ${g.final?.status ?? 'playing'}${g.final?.outcome ? ` (${g.final.outcome.tokens} tokens for ${g.cost})` : ''}`,
          )
          .join(', ')}`,
    )
    .join('; ');
}

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/**
 * A player's games after the fault: each ended as the player saw it on both gateways, the server seed revealed and
 * matching the commitment shown at the start, and the ledger's reward for the match what the end showed.
 */
export async function expectArcadeJourney(cluster: Cluster, journey: ArcadeJourney): Promise<void> {
  const { player } = journey;
  for (const played of journey.games) {
    const final = played.final;
    expect(final, `${player.name}: ${played.game} ${played.matchId} ended`).not.toBeNull();
    for (const gateway of [0, 1]) {
      const view = await readView(player, played.matchId, gateway);
      expect(
        { status: view.status, outcome: view.outcome, commitment: view.fairness.commitment },
        `${player.name}: ${played.game} on gateway ${gateway + 1}`,
      ).toEqual({ status: final!.status, outcome: final!.outcome, commitment: played.commitment });
      expect(view.fairness.serverSeed, `${player.name}: ${played.game}'s seed revealed`).toMatch(/^[0-9a-f]{64}$/);
      expect(sha256(view.fairness.serverSeed!), `${player.name}: ${played.game}'s seed matches its commitment`).toBe(played.commitment);
    }
    const { rows } = await cluster.db.query<{ amount: number }>(
      `select coalesce(sum((data->>'amount')::int), 0)::int as amount from eventstore.events
        where type = 'TransferPosted' and data->>'matchId' = $1 and data->>'reason' = 'reward'`,
      [played.matchId],
    );
    expect(rows[0]!.amount, `${player.name}: ${played.game}'s reward in the ledger`).toBe(final!.outcome?.tokens ?? 0);
  }
}

interface ArcadeMatchFacts {
  readonly matchId: string;
  readonly game: string;
  readonly playerId: string;
  readonly cost: number;
  readonly requestedAt: number;
  /** Events of the match's stream by type. */
  readonly counts: Map<string, number>;
  /** Any game event: the start happened. */
  readonly started: boolean;
  readonly tokens: number | null;
  readonly won: boolean | null;
  /** The refund's transfer id as ArcadeFeeRefunded recorded it (null: nothing was charged); undefined before it. */
  readonly refundTransferId: string | null | undefined;
}

interface Transfer {
  readonly reason: string;
  readonly from: string;
  readonly to: string;
  readonly amount: number;
  readonly n: number;
}

const PROCESS_EVENTS = new Set([
  'ArcadeRequested',
  'ArcadeRefused',
  'ArcadeAbandoned',
  'ArcadeFeeRefunded',
  'ArcadeFinished',
  'ArcadeRewardPaid',
]);

async function arcadeFacts(cluster: Cluster): Promise<ArcadeMatchFacts[]> {
  const { rows } = await cluster.db.query<{ stream_id: string; type: string; data: Record<string, unknown> }>(
    `select stream_id, type, data from eventstore.events
      where stream_id in (select stream_id from eventstore.events where type = 'ArcadeRequested') order by stream_id, stream_position`,
  );
  const byStream = new Map<string, typeof rows>();
  for (const row of rows) byStream.set(row.stream_id, [...(byStream.get(row.stream_id) ?? []), row]);
  return [...byStream.values()].map((events) => {
    const request = events.find((e) => e.type === 'ArcadeRequested')!.data;
    const finished = events.find((e) => e.type === 'ArcadeFinished')?.data;
    const refunded = events.find((e) => e.type === 'ArcadeFeeRefunded')?.data;
    const counts = new Map<string, number>();
    for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
    return {
      matchId: String(request.matchId),
      game: String(request.game),
      playerId: String(request.playerId),
      cost: Number(request.cost),
      requestedAt: Date.parse(String(request.requestedAt)),
      counts,
      started: events.some((e) => !PROCESS_EVENTS.has(e.type)),
      tokens: finished ? Number(finished.tokens) : null,
      won: finished ? finished.won === true : null,
      refundTransferId: refunded ? ((refunded.transferId as string | null) ?? null) : undefined,
    };
  });
}

/** What must be wrong with one arcade match now, if anything; `inFlight` when its start may still be under way. */
function problemsOf(
  match: ArcadeMatchFacts,
  transfers: readonly Transfer[],
  row: { status: string; reward_paid: boolean; fee_refunded: boolean; tokens_won: number } | undefined,
  now: number,
): { problems: string[]; inFlight: boolean } {
  const problems: string[] = [];
  const count = (type: string) => match.counts.get(type) ?? 0;
  for (const type of PROCESS_EVENTS) if (count(type) > 1) problems.push(`${count(type)}× ${type}`);
  const wallet = `wallet:${match.playerId}`;
  const fee: Transfer = { reason: 'game_fee', from: wallet, to: 'house', amount: match.cost, n: 1 };
  const byKind = (a: Transfer, b: Transfer) => `${a.reason} ${a.to}`.localeCompare(`${b.reason} ${b.to}`);
  const expectTransfers = (expected: Transfer[], what: string) => {
    if (JSON.stringify([...transfers].sort(byKind)) !== JSON.stringify([...expected].sort(byKind)))
      problems.push(`${what}: the ledger has ${JSON.stringify(transfers)}, not ${JSON.stringify(expected)}`);
  };
  const expectRow = (expected: Partial<NonNullable<typeof row>>) => {
    const actual = row && Object.fromEntries(Object.keys(expected).map((k) => [k, row[k as keyof typeof row]]));
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      problems.push(`the engine's read model has ${JSON.stringify(actual ?? null)}, not ${JSON.stringify(expected)}`);
  };
  let inFlight = false;
  if (count('ArcadeRefused') > 0) {
    if (match.started || count('ArcadeAbandoned') > 0) problems.push('refused, yet started or abandoned');
    expectTransfers([], 'refused: nothing charged');
    expectRow({ status: 'refused' });
  } else if (count('ArcadeAbandoned') > 0) {
    if (match.started) problems.push('abandoned, yet started');
    if (match.refundTransferId === undefined) problems.push('abandoned, its fee not settled yet');
    else
      expectTransfers(
        match.refundTransferId === null ? [] : [fee, { reason: 'refund', from: 'house', to: wallet, amount: match.cost, n: 1 }],
        'abandoned: the fee refunded',
      );
    expectRow({ status: 'abandoned', fee_refunded: true });
  } else if (match.started) {
    if (count('ArcadeFeeRefunded') > 0) problems.push('started, yet refunded');
    const tokens = match.tokens ?? 0;
    const reward: Transfer[] = tokens > 0 ? [{ reason: 'reward', from: 'issuance', to: wallet, amount: tokens, n: 1 }] : [];
    expectTransfers(
      [fee, ...reward],
      match.tokens === null ? 'started: the fee charged once' : 'finished: the fee and the reward, once each',
    );
    if (count('ArcadeRewardPaid') !== (tokens > 0 ? 1 : 0))
      problems.push(`${count('ArcadeRewardPaid')}× ArcadeRewardPaid for ${tokens} tokens`);
    expectRow(
      match.tokens === null ? { status: 'playing' } : { status: match.won ? 'won' : 'lost', reward_paid: true, tokens_won: tokens },
    );
  } else if (now - match.requestedAt > PLAY_REQUEST_STALE_MS + 3 * SWEEP_INTERVAL_MS) {
    problems.push('a start left half-done past the time the sweeper calls it off');
  } else {
    // its start may still be under way (the player walked away): the fee charged at most once so far
    inFlight = true;
    if (transfers.length > 0) expectTransfers([fee], 'a start under way: the fee at most once');
  }
  return { problems, inFlight };
}

/**
 * Every arcade match in the store, whoever started it: waits (within ARCADE_SETTLED_WITHIN_MS, the sweeper's retries)
 * until each is settled as its stream says (see problemsOf), then prints what there was.
 */
export async function expectArcadeSettled(cluster: Cluster, label: string): Promise<void> {
  const deadline = Date.now() + ARCADE_SETTLED_WITHIN_MS;
  for (;;) {
    const matches = await arcadeFacts(cluster);
    const ids = matches.map((m) => m.matchId);
    const transfers = await cluster.db.query<Transfer & { match_id: string }>(
      `select data->>'matchId' as match_id, data->>'reason' as reason, data->>'debitAccountId' as from, data->>'creditAccountId' as to,
              sum((data->>'amount')::int)::int as amount, count(*)::int as n
         from eventstore.events where type = 'TransferPosted' and data->>'matchId' = any($1::text[]) group by 1, 2, 3, 4`,
      [ids],
    );
    const rows = await cluster.db.query<{
      match_id: string;
      status: string;
      reward_paid: boolean;
      fee_refunded: boolean;
      tokens_won: number;
    }>(`select match_id, status, reward_paid, fee_refunded, tokens_won from engine.engine_matches where match_id = any($1::text[])`, [ids]);
    const now = Date.now();
    const checked = matches.map((match) => ({
      match,
      ...problemsOf(
        match,
        transfers.rows
          .filter((t) => t.match_id === match.matchId)
          .map(({ reason, from, to, amount, n }) => ({ reason, from, to, amount, n })),
        rows.rows.find((r) => r.match_id === match.matchId),
        now,
      ),
    }));
    const wrong = checked.filter((c) => c.problems.length > 0);
    if (wrong.length === 0 || Date.now() > deadline) {
      const tally = (what: (m: ArcadeMatchFacts) => boolean) => matches.filter(what).length;
      console.log(
        `${label}: arcade matches in the store ${matches.length}: finished ${tally((m) => m.tokens !== null)} (rewards paid ${tally((m) => (m.tokens ?? 0) > 0)}), ` +
          `playing ${tally((m) => m.started && m.tokens === null)}, abandoned ${tally((m) => (m.counts.get('ArcadeAbandoned') ?? 0) > 0)} ` +
          `(refunded ${tally((m) => !!m.refundTransferId)}), refused ${tally((m) => (m.counts.get('ArcadeRefused') ?? 0) > 0)}, ` +
          `starts under way ${checked.filter((c) => c.inFlight).length}`,
      );
      expect(
        wrong.map((c) => `${c.match.game} ${c.match.matchId}: ${c.problems.join('; ')}`),
        'arcade matches not settled: fee once, reward once, refunds',
      ).toEqual([]);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
