import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../hooks/use-now.ts';

/** Seconds left until the server's deadline; calls `onTimeUp` each tick once it has passed (the server decides). */
export function Countdown({
  deadline,
  serverOffsetMs,
  active,
  onTimeUp,
}: {
  deadline: string;
  serverOffsetMs: number;
  active: boolean;
  onTimeUp: () => void;
}) {
  const { t } = useTranslation('hangman');
  const now = useNow(active, 1000);
  const remainingMs = Date.parse(deadline) - (now + serverOffsetMs);
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  useEffect(() => {
    if (active && remainingMs <= 0) onTimeUp();
  }, [active, remainingMs, onTimeUp]);
  const urgent = seconds <= 15;
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <div className={urgent ? 'countdown countdown-urgent' : 'countdown'} data-testid="countdown">
      <span className="countdown-label">{t('game.timeLeft')}</span>
      <time className="countdown-value" aria-label={t('game.timeLeftLabel', { count: seconds })}>
        {text}
      </time>
    </div>
  );
}
