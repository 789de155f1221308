import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTo } from '../../components/locale-link.tsx';
import { TokenPill } from './token-pill.tsx';

/**
 * The shell's header while a game has the whole screen: back to the games (after a confirm: the game's clock keeps
 * running on the server) and the token balance. The game's own board shows its timer and state.
 */
export function GameStrip() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useTo();
  return (
    <header className="game-strip" data-testid="game-strip">
      <button
        type="button"
        className="button button-compact"
        data-testid="leave-game"
        onClick={() => {
          if (window.confirm(t('gameStrip.confirmLeave'))) navigate(to('/'));
        }}
      >
        {t('gameStrip.leave')}
      </button>
      <TokenPill />
    </header>
  );
}
