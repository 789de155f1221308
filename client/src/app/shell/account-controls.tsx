import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { BadgeIcon } from '../../components/badge-icon.tsx';
import { LocaleLink, useTo } from '../../components/locale-link.tsx';
import { Menu } from '../../components/menu.tsx';
import { authActor, selectIsRestoring, selectUser, useAuth } from '../../lib/auth/auth-live.ts';
import { stripLocale } from '../../lib/locale.ts';

/** Avatar menu ('Profile & Stats', 'Logout') when signed in, a Login button when not. */
export function AccountControls() {
  const { t } = useTranslation();
  const user = useAuth(selectUser);
  const restoring = useAuth(selectIsRestoring);
  const navigate = useNavigate();
  const location = useLocation();
  const to = useTo();

  if (restoring) return <span className="avatar-placeholder" aria-hidden="true" />;

  if (!user) {
    const here = stripLocale(location.pathname);
    const redirect = here === '/' ? '' : `?redirect=${encodeURIComponent(location.pathname + location.search)}`;
    return (
      <LocaleLink to={`/login${redirect}`} className="button button-primary button-compact" data-testid="login-button">
        {t('header.login')}
      </LocaleLink>
    );
  }

  return (
    <Menu
      label={t('header.accountMenu')}
      triggerTestId="avatar-menu"
      triggerClassName="icon-button avatar-trigger"
      trigger={<Avatar name={user.name} avatar={user.avatar} size={34} />}
    >
      {(close) => (
        <>
          <div className="menu-heading" data-testid="menu-user">
            {user.name} <BadgeIcon badge={user.badge} withLabel />
          </div>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => {
              close();
              void navigate(to('/stats'));
            }}
          >
            {t('header.profileAndStats')}
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            data-testid="logout"
            onClick={() => {
              close();
              authActor.send({ type: 'LOGOUT' });
            }}
          >
            {t('header.logout')}
          </button>
        </>
      )}
    </Menu>
  );
}
