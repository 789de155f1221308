import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ShellSkeleton } from '../components/skeleton.tsx';
import { i18n } from '../lib/i18n.ts';
import { ErrorPage, NotFoundPage } from './error-page.tsx';
import { LocaleLayout } from './locale-layout.tsx';
import { RequireAuth } from './require-auth.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { BareLayout } from './bare-layout.tsx';

/** Loads a page's code and its translations together, so one skeleton covers both. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, namespaces: string[] = []) {
  return async () => {
    const [module] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
    return { Component: pick(module) };
  };
}

/**
 * The game registry (app/game-registry.ts) is a chunk of its own, loaded with the pages that show a game: a
 * single-player game's page at `/:game`, and the room game and replay pages, whose loader's data it is.
 */
const loadGames = () => import('./game-registry.ts').then((m) => m.GAMES);

/**
 * The websocket test pages (no login): each loads with the test surface's auth test, which answers 404 where the
 * server has the surface switched off, so the page is not found there even when reached without a reload.
 */
const loadTestPages = () => import('../features/debug/test-websocket-pages.tsx');
const testPage = (pick: (module: Awaited<ReturnType<typeof loadTestPages>>) => ComponentType) => async () => {
  const [pages, { testPageLoader }] = await Promise.all([
    loadTestPages(),
    import('../features/debug/test-page-loader.ts'),
    i18n.loadNamespaces(['debug']),
  ]);
  return { Component: pick(pages), loader: testPageLoader };
};
const testPages: RouteObject[] = [
  { path: 'test-websocket', lazy: testPage((m) => m.TestWebsocketPage) },
  { path: 'test-websocket-simple', lazy: testPage((m) => m.TestWebsocketSimplePage) },
  { path: 'test-crazy-websocket', lazy: testPage((m) => m.TestCrazyWebsocketPage) },
  { path: 'test-websocket-crazy', lazy: testPage((m) => m.TestCrazyWebsocketPage) },
];

const login = page(
  () => import('../features/auth/login-page.tsx'),
  (m) => m.LoginPage,
  ['auth'],
);

/**
 * The multiplayer pages: each its own chunk. The game and replay pages show a room's game through the game registry,
 * which loads that game's table or replay, and its translations, once the room or match says which game it is.
 */
const multiplayer: RouteObject[] = [
  {
    path: 'multiplayer',
    lazy: page(
      () => import('../features/multiplayer/lobby-page.tsx'),
      (m) => m.LobbyPage,
      ['multiplayer'],
    ),
  },
  {
    path: 'multiplayer/join/:code',
    lazy: page(
      () => import('../features/multiplayer/join-page.tsx'),
      (m) => m.JoinPage,
      ['multiplayer'],
    ),
  },
  {
    path: 'multiplayer/room/:code',
    lazy: page(
      () => import('../features/multiplayer/room-page.tsx'),
      (m) => m.RoomPage,
      ['multiplayer'],
    ),
  },
  {
    path: 'multiplayer/game/:code',
    loader: loadGames,
    lazy: page(
      () => import('../features/multiplayer/game-page.tsx'),
      (m) => m.GamePage,
      ['multiplayer'],
    ),
  },
  {
    path: 'multiplayer/history',
    lazy: page(
      () => import('../features/multiplayer/history-page.tsx'),
      (m) => m.HistoryPage,
      ['multiplayer'],
    ),
  },
  {
    path: 'multiplayer/invitations',
    lazy: page(
      () => import('../features/multiplayer/invitations-page.tsx'),
      (m) => m.InvitationsPage,
      ['multiplayer'],
    ),
  },
  {
    path: 'multiplayer/replay/:matchId',
    loader: loadGames,
    lazy: page(
      () => import('../features/multiplayer/replay-page.tsx'),
      (m) => m.ReplayPage,
      ['multiplayer'],
    ),
  },
];

/** Declared once; the optional static segment mounts every page under '/' and '/am'. */
export const routes: RouteObject[] = [
  {
    path: '/am?',
    Component: LocaleLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback: ShellSkeleton,
    children: [
      {
        Component: BareLayout,
        ErrorBoundary: ErrorPage,
        children: [
          { path: 'login', lazy: login },
          { path: 'auth/login', lazy: login },
        ],
      },
      {
        Component: AppShell,
        children: [
          {
            ErrorBoundary: ErrorPage,
            children: [
              {
                index: true,
                lazy: page(
                  () => import('../features/home/home-page.tsx'),
                  (m) => m.HomePage,
                  ['games'],
                ),
              },
              { path: ':game', lazy: () => loadGames().then((games) => games.playRoute(NotFoundPage)) },
              {
                path: 'fairness',
                lazy: page(
                  () => import('../features/fairness/fairness-page.tsx'),
                  (m) => m.FairnessPage,
                  ['fairness', 'arcade'],
                ),
              },
              {
                path: 'leaderboards',
                lazy: page(
                  () => import('../features/leaderboards/leaderboards-page.tsx'),
                  (m) => m.LeaderboardsPage,
                  ['leaderboards'],
                ),
              },
              {
                path: 'stats/share/:id',
                lazy: page(
                  () => import('../features/stats/shared-stats-page.tsx'),
                  (m) => m.SharedStatsPage,
                  ['stats'],
                ),
              },
              ...testPages,
              {
                Component: RequireAuth,
                children: [
                  {
                    path: 'wallet',
                    lazy: page(
                      () => import('../features/wallet/wallet-page.tsx'),
                      (m) => m.WalletPage,
                      ['wallet'],
                    ),
                  },
                  {
                    path: 'profile',
                    lazy: page(
                      () => import('../features/profile/profile-page.tsx'),
                      (m) => m.ProfilePage,
                      ['profile', 'fairness'],
                    ),
                  },
                  {
                    path: 'stats',
                    lazy: page(
                      () => import('../features/stats/stats-page.tsx'),
                      (m) => m.StatsPage,
                      ['stats'],
                    ),
                  },
                  {
                    path: 'stats/player/:id',
                    lazy: page(
                      () => import('../features/stats/player-stats-page.tsx'),
                      (m) => m.PlayerStatsPage,
                      ['stats'],
                    ),
                  },
                  ...multiplayer,
                  {
                    path: 'debug-websocket',
                    lazy: page(
                      () => import('../features/debug/debug-websocket-page.tsx'),
                      (m) => m.DebugWebsocketPage,
                      ['debug'],
                    ),
                  },
                ],
              },
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];
