import type { EngineQueries } from '@qal/game-engine';
import { Rejection } from '../http/errors.ts';
import type { RoomQueries } from './types.ts';

const ROOM_QUERY_NAMES = ['room', 'openRooms', 'myRooms', 'invitations', 'matchView', 'history'] as const;

/**
 * The engine's room and duel queries. Checked at run time so a gateway running against an engine without
 * rooms answers `not_ready` instead of crashing.
 */
export function roomQueries(engine: EngineQueries): RoomQueries {
  const source = engine as unknown as Partial<RoomQueries>;
  const missing = () => {
    throw new Rejection('not_ready');
  };
  const bound = Object.fromEntries(
    ROOM_QUERY_NAMES.map((name) => {
      const fn = source[name] as ((...args: unknown[]) => Promise<unknown>) | undefined;
      return [name, typeof fn === 'function' ? fn.bind(engine) : missing];
    }),
  );
  return bound as unknown as RoomQueries;
}
