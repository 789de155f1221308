import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { getI18n } from 'react-i18next';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import type { RoomView } from '../rooms/rooms-api.ts';
import type { RoomSession } from '../rooms/use-room.ts';

/**
 * What a game folder (features/games/<slug>/game.ts) declares, and the registry app/game-registry.ts builds from
 * the list of them. The pages that host games (a single-player game's route, the room game page, the replay page)
 * dispatch through the registry; none imports a game's components, so adding a game is its folder plus one entry in
 * that list. The registry is a chunk of its own: the routes of those pages load it (app/routes.tsx), the room game and
 * replay pages as their loader's data.
 */

/** What the room game page hands a room's table: the room, the viewer and the room machine it already runs. */
export type RoomGameProps = {
  room: RoomView;
  me: string;
  session: RoomSession;
  /** A room request (an action, a move, a refresh) is on its way. */
  busy: boolean;
  onRematch: () => void;
  onLeave: () => void;
};

/** What the replay page hands a game's replay: the replay as the server sent it, and the players' names. */
export type ReplayProps = { raw: unknown; names: Readonly<Record<string, string>> };

type Load<P> = () => Promise<{ default: ComponentType<P> }>;

/** The seeds a finished arcade game revealed (docs/fairness.md). */
export type RevealedSeeds = { readonly serverSeed: string; readonly clientSeed: string; readonly nonce: number };

/**
 * A game's check of a finished game in the browser: redraw its chance from the revealed seeds (the same draws in the
 * same order as the engine's start) and compare with what the game showed. `recomputed`: the outcome in short text.
 */
export type FairnessVerifier = (
  seeds: RevealedSeeds,
  options: Readonly<Record<string, unknown>>,
  play: unknown,
) => Promise<{ readonly matches: boolean; readonly recomputed: string }>;

export interface GameManifest {
  /** The folder's name under features/games/. */
  readonly slug: string;
  /** The i18n namespaces its pages need, loaded with their code so one skeleton covers both. */
  readonly namespaces: readonly string[];
  /** A single-player game: its page, at `/<path>` (one segment; and `/am/<path>`), served by the route `/:game`. */
  readonly play?: { readonly path: string; readonly load: Load<object> };
  /** A room game: the table of a room whose `game` is `game`, at /multiplayer/game/{code}. */
  readonly room?: { readonly game: string; readonly load: Load<RoomGameProps> };
  /** A replay: the replay of a match whose step views say `mode`, at /multiplayer/replay/{matchId}. */
  readonly replay?: { readonly mode: string; readonly load: Load<ReplayProps> };
  /** A game with chance: its verifier, loaded by the /fairness page when a game of it is checked. */
  readonly fairness?: { readonly load: () => Promise<{ default: FairnessVerifier }> };
}

/** A game's page: rendered lazily, or at once when it was loaded beforehand (`preload`, e.g. by a route's loader). */
type Page<P> = {
  Component: LazyExoticComponent<ComponentType<P>>;
  loaded: () => ComponentType<P> | null;
  preload: () => Promise<unknown>;
};

export interface GameRegistry {
  readonly games: readonly GameManifest[];
  /** The single-player page at `path`, or null when no game has one there. */
  play(path: string): Page<object> | null;
  /** The table for a room's `game`, or null when no game plays in rooms under that name. */
  roomGame(game: string): Page<RoomGameProps> | null;
  /** The replay view for a match's `mode`, or null when no game replays it. */
  replay(mode: string): Page<ReplayProps> | null;
  /** The verifier of `slug`'s games, or null when the game has none. */
  verifier(slug: string): Promise<FairnessVerifier | null>;
  /** The route of the single-player games, `/:game`: waits for the game's page, else shows `NotFound`. */
  playRoute(NotFound: ComponentType): { loader: (args: LoaderFunctionArgs) => Promise<null>; Component: ComponentType };
}

/**
 * Code and translations (into the i18n instance react-i18next runs on, lib/i18n.ts) together, asked once: a preload
 * and the render share the same download.
 */
function pageOf<P>(load: Load<P>, namespaces: readonly string[]): Page<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  let done: ComponentType<P> | null = null;
  const preload = () => {
    loading ??= Promise.all([load(), getI18n().loadNamespaces([...namespaces])]).then(([module]) => {
      done = module.default;
      return module;
    });
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  return { Component: lazy(preload), loaded: () => done, preload };
}

export function defineGames(games: readonly GameManifest[]): GameRegistry {
  const plays = new Map<string, Page<object>>();
  const rooms = new Map<string, Page<RoomGameProps>>();
  const replays = new Map<string, Page<ReplayProps>>();
  for (const game of games) {
    if (game.play) plays.set(game.play.path, pageOf(game.play.load, game.namespaces));
    if (game.room) rooms.set(game.room.game, pageOf(game.room.load, game.namespaces));
    if (game.replay) replays.set(game.replay.mode, pageOf(game.replay.load, game.namespaces));
  }
  const registry: GameRegistry = {
    games,
    play: (path) => plays.get(path) ?? null,
    roomGame: (game) => rooms.get(game) ?? null,
    replay: (mode) => replays.get(mode) ?? null,
    verifier: async (slug) => {
      const fairness = games.find((g) => g.slug === slug)?.fairness;
      return fairness ? (await fairness.load()).default : null;
    },
    playRoute: (NotFound) => ({
      loader: async ({ params }) => {
        await registry.play(params.game ?? '')?.preload();
        return null;
      },
      Component: function PlayPage() {
        const { game = '' } = useParams();
        const page = registry.play(game);
        if (!page) return <NotFound />;
        const Page = page.loaded() ?? page.Component;
        return <Page />;
      },
    }),
  };
  return registry;
}
