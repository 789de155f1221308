/**
 * The games the engine plays: one line per game module. Everything game-specific (commands, timers, views, replay,
 * payouts, rejections, leaderboard facts) is reached through here; adding a game is its folder and one line below.
 *
 * A match's game is known from the match itself: a room match's id is `<module id>.<uuid>` (matchIdFor), so a
 * move, a timer or a replay finds its module without looking at any stream. Ids without a module's prefix are
 * single-player Hangman's (the client names those matches).
 */
import { codebreakerRaceModule } from './codebreaker-race/module.ts';
import { codebreakerModule } from './codebreaker/module.ts';
import { crazyModule } from './crazy/module.ts';
import { geoSprintModule } from './geo-sprint/module.ts';
import { mathSprintModule } from './math-sprint/module.ts';
import { minesModule } from './mines/module.ts';
import { rapidRecallModule } from './rapid-recall/module.ts';
import { sumChaserModule } from './sum-chaser/module.ts';
import { duelModule } from './hangman-duel/module.ts';
import { hangmanModule } from './hangman/module.ts';
import type { ArcadeGameModule, GameModule, RoomGameModule, SoloGameModule } from './module.ts';

export const GAME_MODULES: readonly GameModule[] = [
  hangmanModule,
  duelModule,
  crazyModule,
  codebreakerModule,
  codebreakerRaceModule,
  minesModule,
  sumChaserModule,
  mathSprintModule,
  rapidRecallModule,
  geoSprintModule,
];

/** Separates a match id's module prefix from its unique part. */
const MATCH_ID_SEPARATOR = '.';

export interface GameRegistry {
  readonly modules: readonly GameModule[];
  /** The room game a room's settings name (`hangman` is the word duel), if any. */
  roomGame(slug: string): RoomGameModule | null;
  /** The room game a match id belongs to; null for a single-player match. */
  roomGameOfMatch(matchId: string): RoomGameModule | null;
  readonly solo: SoloGameModule;
  /** The arcade game of a catalogue slug, if any. */
  arcade(slug: string): ArcadeGameModule | null;
  /** The arcade game a match id belongs to (`<slug>.<uuid>`); null for any other match. */
  arcadeOfMatch(matchId: string): ArcadeGameModule | null;
  /** Every arcade game. */
  readonly arcades: readonly ArcadeGameModule[];
  /** The catalogue slugs rooms can play. */
  readonly roomGames: readonly string[];
  /** Move types games define beyond the listed ones: the gateway refuses any other as invalid. */
  readonly ownMoveTypes: ReadonlySet<string>;
}

export const matchIdFor = (module: Pick<GameModule, 'id'>, unique: string): string => `${module.id}${MATCH_ID_SEPARATOR}${unique}`;

export function createGameRegistry(modules: readonly GameModule[] = GAME_MODULES): GameRegistry {
  const ids = new Set<string>();
  for (const module of modules) {
    if (ids.has(module.id) || module.id.includes(MATCH_ID_SEPARATOR)) throw new Error(`game module id ${module.id} is taken or invalid`);
    ids.add(module.id);
  }
  const rooms = modules.filter((m): m is RoomGameModule => m.kind === 'room');
  const bySlug = new Map(rooms.map((m) => [m.roomGame, m]));
  const byId = new Map(rooms.map((m) => [m.id, m]));
  const arcades = modules.filter((m): m is ArcadeGameModule => m.kind === 'arcade');
  const arcadeById = new Map(arcades.map((m) => [m.id, m]));
  const prefixOf = (matchId: string) => {
    const at = matchId.indexOf(MATCH_ID_SEPARATOR);
    return at > 0 ? matchId.slice(0, at) : null;
  };
  const solo = modules.find((m): m is SoloGameModule => m.kind === 'solo');
  if (!solo) throw new Error('the registry needs the single-player game');
  return {
    modules,
    solo,
    roomGames: [...bySlug.keys()],
    ownMoveTypes: new Set(modules.flatMap((m) => m.ownMoves ?? [])),
    roomGame: (slug) => bySlug.get(slug) ?? null,
    roomGameOfMatch(matchId) {
      const prefix = prefixOf(matchId);
      return prefix === null ? null : (byId.get(prefix) ?? null);
    },
    arcades,
    arcade: (slug) => arcadeById.get(slug) ?? null,
    arcadeOfMatch(matchId) {
      const prefix = prefixOf(matchId);
      return prefix === null ? null : (arcadeById.get(prefix) ?? null);
    },
  };
}

export const DEFAULT_GAME_REGISTRY = createGameRegistry();
