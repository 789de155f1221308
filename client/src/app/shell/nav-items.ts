export const NAV_ITEMS = [
  { path: '/', key: 'nav.games' },
  { path: '/multiplayer', key: 'nav.multiplayer' },
  { path: '/leaderboards', key: 'nav.leaderboards' },
  { path: '/stats', key: 'nav.stats' },
  { path: '/wallet', key: 'nav.wallet' },
] as const;

export type NavPath = (typeof NAV_ITEMS)[number]['path'];
