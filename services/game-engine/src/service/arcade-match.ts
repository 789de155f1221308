/**
 * An arcade match as the engine folds it from its stream: the paid start's progress and settlement (arcade-events.ts)
 * around the game's own state (the module's fold). Pure, so the handlers, the queries and the projection agree.
 */
import type { ArcadeView } from '@qal/events';
import { isServerSeed } from '../fairness/fairness.ts';
import type { ArcadeGameModule, GameEvent } from '../games/module.ts';
import type { ArcadeFinished, ArcadeProcessEvent, ArcadeRequested } from './arcade-events.ts';

export type ArcadeStatus = 'requested' | 'refused' | 'abandoned' | 'playing' | 'over';

export interface ArcadeRecord {
  readonly matchId: string;
  readonly playerId: string;
  readonly request: ArcadeRequested['data'];
  readonly status: ArcadeStatus;
  readonly refusal: string | null;
  readonly feeRefunded: boolean;
  readonly rewardPaid: boolean;
  readonly finished: ArcadeFinished['data'] | null;
  /** The game's own state, once its start event is stored. */
  readonly state: unknown;
}

export type ArcadeStreamEvent = { readonly process: ArcadeProcessEvent } | { readonly game: GameEvent };

export function evolveArcade(module: ArcadeGameModule, record: ArcadeRecord | null, event: ArcadeStreamEvent): ArcadeRecord | null {
  if ('game' in event) {
    if (!record) return null;
    const state =
      event.game.type === module.stream.startType ? module.stream.fold([event.game]) : module.stream.evolve(record.state, event.game);
    return { ...record, state, status: record.status === 'requested' ? 'playing' : record.status };
  }
  const { process } = event;
  if (process.type === 'ArcadeRequested') {
    return (
      record ?? {
        matchId: process.data.matchId,
        playerId: process.data.playerId,
        request: process.data,
        status: 'requested',
        refusal: null,
        feeRefunded: false,
        rewardPaid: false,
        finished: null,
        state: null,
      }
    );
  }
  if (!record) return null;
  switch (process.type) {
    case 'ArcadeRefused':
      return { ...record, status: 'refused', refusal: process.data.reason };
    case 'ArcadeAbandoned':
      return { ...record, status: 'abandoned' };
    case 'ArcadeFeeRefunded':
      return { ...record, feeRefunded: true };
    case 'ArcadeFinished':
      return { ...record, status: 'over', finished: process.data };
    case 'ArcadeRewardPaid':
      return { ...record, rewardPaid: true };
  }
}

/** The player's view at `now`: the game's own part, and the seed only once the game is over. */
export function arcadeViewOf(module: ArcadeGameModule, record: ArcadeRecord, now: string): ArcadeView {
  const { request, finished } = record;
  const serverSeed = finished && isServerSeed(finished.serverSeed) ? finished.serverSeed : null;
  const over = record.status === 'over';
  return {
    mode: 'arcade',
    game: module.id,
    matchId: record.matchId,
    status: !over ? 'playing' : finished?.won ? 'won' : 'lost',
    startedAt: request.requestedAt,
    deadline: over ? null : module.deadlineOf(record.state),
    serverNow: now,
    cost: request.cost,
    options: request.options,
    fairness: { commitment: request.commitment, clientSeed: request.clientSeed, nonce: request.nonce, serverSeed },
    outcome: finished ? { score: finished.score, tokens: finished.tokens, xp: finished.xp, finishedAt: finished.at } : null,
    play: module.viewFor(record.state, now) as ArcadeView['play'],
  };
}
