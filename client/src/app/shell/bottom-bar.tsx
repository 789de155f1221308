import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar.tsx';
import { GamesIcon, MultiplayerIcon, StatsIcon, TrophyIcon, WalletIcon } from '../../components/icons.tsx';
import { LocaleNavLink } from '../../components/locale-link.tsx';
import { selectUser, useAuth } from '../../lib/auth/auth-live.ts';
import { usePendingInvitations } from '../../lib/invitations-store.ts';

/** Mobile navigation, short labels on one line (320 px, both languages); the Stats item shows the player's avatar or initial. */
export function BottomBar() {
  const { t } = useTranslation();
  const user = useAuth(selectUser);
  const invitations = usePendingInvitations();
  const items: { path: string; label: string; icon: ReactNode }[] = [
    { path: '/', label: t('nav.short.games'), icon: <GamesIcon /> },
    { path: '/multiplayer', label: t('nav.short.multiplayer'), icon: <MultiplayerIcon /> },
    { path: '/leaderboards', label: t('nav.short.leaderboards'), icon: <TrophyIcon /> },
    { path: '/wallet', label: t('nav.short.wallet'), icon: <WalletIcon /> },
    {
      path: '/stats',
      label: t('nav.short.stats'),
      icon: user ? <Avatar name={user.name} avatar={user.avatar} size={24} /> : <StatsIcon />,
    },
  ];
  return (
    <nav className="bottom-bar" aria-label={t('nav.main')}>
      {items.map((item) => (
        <LocaleNavLink key={item.path} to={item.path} className="bottom-link">
          {item.icon}
          <span className="bottom-label">{item.label}</span>
          {item.path === '/multiplayer' && invitations > 0 && (
            <>
              <span className="nav-count bottom-count" aria-hidden="true">
                {invitations}
              </span>
              <span className="visually-hidden">{t('nav.pendingInvitations', { count: invitations })}</span>
            </>
          )}
        </LocaleNavLink>
      ))}
    </nav>
  );
}
