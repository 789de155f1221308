/** The room games' matches folded from their streams, typed per game, for tests that look inside a match. */
import type { EventStore } from '@qal/events';
import type { CrazyEvent, CrazyState } from '../src/games/crazy/index.ts';
import { crazyModule } from '../src/games/crazy/module.ts';
import type { DuelEvent, DuelState } from '../src/games/hangman-duel/index.ts';
import { duelModule } from '../src/games/hangman-duel/module.ts';
import type { LoadedGame } from '../src/service/game-stream.ts';
import { loadRoomMatch } from '../src/service/room-match.ts';

export const loadDuel = (store: EventStore, matchId: string) =>
  loadRoomMatch(store, duelModule, matchId) as Promise<LoadedGame<DuelEvent, DuelState>>;
export const loadCrazy = (store: EventStore, matchId: string) =>
  loadRoomMatch(store, crazyModule, matchId) as Promise<LoadedGame<CrazyEvent, CrazyState>>;
