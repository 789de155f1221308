import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTo } from '../../components/locale-link.tsx';
import { selectIsSignedIn, useAuth } from '../../lib/auth/auth-live.ts';
import { setStripSlot, useStripOptions } from '../../lib/full-screen.ts';
import { useRealtimeState } from '../../lib/realtime/realtime.ts';
import { TokenPill } from './token-pill.tsx';

/**
 * The shell's header while a game has the whole screen: back out (after a confirm: a single-player game's clock keeps
 * running on the server, a room's match goes on without the player), the token balance, and for a room game its
 * turn and clock (components/game-strip-slot.tsx) and the live connection's state.
 */
export function GameStrip() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useTo();
  const { leaveTo = '/', confirm = 'game' } = useStripOptions();
  const room = confirm === 'match';
  return (
    <header className="game-strip" data-testid="game-strip">
      <button
        type="button"
        className="button button-compact game-strip-leave"
        data-testid="leave-game"
        onClick={() => {
          if (window.confirm(room ? t('gameStrip.confirmLeaveMatch') : t('gameStrip.confirmLeave'))) void navigate(to(leaveTo));
        }}
      >
        {room ? t('gameStrip.leaveMatch') : t('gameStrip.leave')}
      </button>
      <div className="game-strip-slot" ref={setStripSlot} />
      {room && <ConnectionDot />}
      <TokenPill />
    </header>
  );
}

/** Live (socket) or not: a dot with its name for screen readers. */
function ConnectionDot() {
  const { t } = useTranslation();
  const signedIn = useAuth(selectIsSignedIn);
  const state = useRealtimeState();
  if (!signedIn) return null;
  const live = state === 'connected';
  const label = live ? t('gameStrip.live') : t('gameStrip.offline');
  return (
    <span className="game-strip-connection" role="img" aria-label={label} title={label} data-testid="connection" data-live={live}>
      <span className={live ? 'dot dot-on' : 'dot'} aria-hidden="true" />
    </span>
  );
}
