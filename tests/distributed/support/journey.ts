/**
 * What every player does in each fault scenario, through the gateways: sign in, wait for the welcome grant on
 * the push channel, claim the daily bonus, buy tokens (sandbox checkout and confirm), play Hangman to a win.
 * Each command settles (retried with its Idempotency-Key until it has an outcome) and is then sent once more
 * with the same key, through the other gateway, which must answer the same outcome without a second effect.
 */
import { randomUUID } from 'node:crypto';
import type { Cluster } from './cluster.ts';
import { expectSuccess, PushClient, type Answer, type Player } from './client.ts';

export const WELCOME_GRANT = 100;
export const DAILY_BONUS = 10;
export const PACKAGE = { id: 'tokens_100', tokens: 100 } as const;
export const HANGMAN_FEE = 9;

export interface Journey {
  readonly player: Player;
  /**
   * `solo`: the Hangman journey of carryOn; `room`: a player of a room match (support/rooms.ts); `arcade`: a player of
   * the arcade's single-player games (support/arcade.ts).
   */
  readonly kind: 'solo' | 'room' | 'arcade';
  /** Named rejections that are an outcome of this journey (a duel move the game moved past), besides successes. */
  readonly clearRejections: ReadonlySet<string>;
  matchId: string;
  tokensWon: number;
  /** Commands whose same-key repeat answered differently from their outcome. */
  readonly mismatches: string[];
  /** What the wallet must hold once everything settled. */
  expectedBalance(): number;
}

/** The fields of an outcome that a repeat with the same key must reproduce. */
const sameOutcome = (a: Answer, b: Answer, fields: readonly string[]) =>
  a.status === b.status &&
  a.body.code === b.body.code &&
  fields.every((field) => JSON.stringify(pick(a.body.data, field)) === JSON.stringify(pick(b.body.data, field)));

function pick(data: Record<string, unknown> | undefined, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data);
}

/**
 * Settles a command with a fresh Idempotency-Key, then repeats it with the same key through the other gateway:
 * the repeat must answer the same outcome (`fields` of its data). Only a success is an outcome, unless the
 * journey names the rejection as one (`clearRejections`).
 */
export async function exactlyOnce(journey: Journey, label: string, url: string, body: unknown, fields: readonly string[]): Promise<Answer> {
  const { player } = journey;
  const key = randomUUID();
  const outcome = await player.settle(label, 'POST', url, { body, key });
  if (!journey.clearRejections.has(outcome.body.code ?? '')) expectSuccess(outcome, `${player.name} ${label}`);
  // the repeat may meet the fault too: it settles like any request, starting at the other gateway
  const again = await player.settle(`${label} (repeat)`, 'POST', url, { body, key, gateway: 1 - player.gateway });
  if (!sameOutcome(outcome, again, fields))
    journey.mismatches.push(`${label}: ${JSON.stringify(outcome.body)} then ${JSON.stringify(again.body)}`);
  return outcome;
}

async function wordOf(cluster: Cluster, matchId: string): Promise<string> {
  const { rows } = await cluster.db.query<{ word: string }>(
    `select data->>'word' as word from eventstore.events where stream_id = $1 and type = 'HangmanStarted'`,
    [`match-${matchId}`],
  );
  if (!rows[0]) throw new Error(`match ${matchId} has not started`);
  return rows[0].word;
}

/** Signs the player in and connects its push channel to the other gateway; a Hangman journey unless `as` says otherwise. */
export async function arrive(
  cluster: Cluster,
  player: Player,
  as?: { readonly kind: 'room' | 'arcade'; readonly clearRejections: ReadonlySet<string>; readonly expectedBalance: () => number },
): Promise<Journey> {
  await player.signIn();
  player.push = new PushClient(cluster, player, 1 - player.gateway);
  await player.push.connect();
  const journey: Journey = {
    player,
    kind: as?.kind ?? 'solo',
    clearRejections: as?.clearRejections ?? new Set(),
    matchId: '',
    tokensWon: 0,
    mismatches: [],
    expectedBalance: as?.expectedBalance ?? (() => WELCOME_GRANT + DAILY_BONUS + PACKAGE.tokens - HANGMAN_FEE + journey.tokensWon),
  };
  // The wallet opens at sign-in, or from PlayerRegistered once the ledger is back: the channel shows either.
  await player.push.waitForBalance(WELCOME_GRANT, 120_000);
  return journey;
}

export async function claimBonus(journey: Journey): Promise<void> {
  await exactlyOnce(journey, 'claim-daily-bonus', '/user/claim-daily-bonus', undefined, ['amount']);
}

export async function buyTokens(journey: Journey): Promise<void> {
  const started = await exactlyOnce(journey, 'purchase', '/wallet/purchases', { package: PACKAGE.id }, ['purchaseId', 'checkoutUrl']);
  const purchaseId = String(started.body.data?.purchaseId);
  await exactlyOnce(journey, 'confirm-purchase', `/payments/sandbox/${purchaseId}/confirm`, undefined, []);
}

export async function playHangmanToAWin(cluster: Cluster, journey: Journey): Promise<void> {
  const started = await exactlyOnce(journey, 'play-hangman', '/games/hangman/play', { language: 'en' }, ['matchId']);
  journey.matchId = String(started.body.data?.matchId);
  const word = await wordOf(cluster, journey.matchId);
  let view = started.body.data?.view as { status: string; tokensWon?: number };
  for (const letter of new Set(word)) {
    if (view.status !== 'playing') break;
    const moved = await exactlyOnce(journey, `guess ${letter}`, `/matches/${journey.matchId}/moves`, { type: 'guess', letter }, [
      'view.guessed',
      'view.status',
    ]);
    view = moved.body.data?.view as typeof view;
  }
  if (view.status !== 'won') throw new Error(`${journey.player.name}: the game ended ${view.status}, not won`);
  journey.tokensWon = view.tokensWon ?? 0;
}

/** The whole journey of one player, start to end. */
/** Everything after arriving: the bonus, a purchase, a won game. */
export async function carryOn(cluster: Cluster, journey: Journey): Promise<Journey> {
  await claimBonus(journey);
  await buyTokens(journey);
  await playHangmanToAWin(cluster, journey);
  return journey;
}
