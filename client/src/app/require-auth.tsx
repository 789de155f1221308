import { Navigate, Outlet, useLocation } from 'react-router';
import { useTo } from '../components/locale-link.tsx';
import { PageSkeleton } from '../components/skeleton.tsx';
import { selectIsRestoring, selectIsSignedIn, useAuth } from '../lib/auth/auth-live.ts';

/** Pages behind login send the player to /login and bring them back afterwards. */
export function RequireAuth() {
  const restoring = useAuth(selectIsRestoring);
  const signedIn = useAuth(selectIsSignedIn);
  const location = useLocation();
  const to = useTo();
  if (restoring) return <PageSkeleton />;
  if (!signedIn) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate replace to={`${to('/login')}?redirect=${redirect}`} />;
  }
  return <Outlet />;
}
