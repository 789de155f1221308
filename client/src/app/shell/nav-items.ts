/** The header's navigation: each page's name, and the short one the bottom bar uses (the header too, where it is tight). */
export const NAV_ITEMS = [
  { path: '/', key: 'nav.games', shortKey: 'nav.short.games' },
  { path: '/multiplayer', key: 'nav.multiplayer', shortKey: 'nav.short.multiplayer' },
  { path: '/leaderboards', key: 'nav.leaderboards', shortKey: 'nav.short.leaderboards' },
  { path: '/stats', key: 'nav.stats', shortKey: 'nav.short.stats' },
  { path: '/wallet', key: 'nav.wallet', shortKey: 'nav.short.wallet' },
] as const;

export type NavPath = (typeof NAV_ITEMS)[number]['path'];
