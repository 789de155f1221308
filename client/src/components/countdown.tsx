import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../hooks/use-now.ts';
import './countdown.css';

/** '1:05' for 65 s; rounds up so '0:00' shows only once the time is really gone; never negative. */
export function formatCountdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

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
  const text = formatCountdown(remainingMs);
  return (
    <div className={urgent ? 'countdown countdown-urgent' : 'countdown'} data-testid="countdown">
      <span className="countdown-label">{t('game.timeLeft')}</span>
      <time className="countdown-value" aria-label={t('game.timeLeftLabel', { count: seconds })}>
        {text}
      </time>
    </div>
  );
}

/** m:ss to a server deadline (a turn's, a match's), ticking every second while shown. */
export function DeadlineClock({
  deadline,
  label,
  urgentBelowSec = 10,
}: {
  deadline: string | null | undefined;
  label: string;
  urgentBelowSec?: number;
}) {
  const { t } = useTranslation('multiplayer');
  const now = useNow(Boolean(deadline), 1000);
  const remaining = deadline ? Date.parse(deadline) - now : 0;
  const seconds = Math.max(0, Math.ceil(remaining / 1000));
  return (
    <span className={seconds <= urgentBelowSec ? 'countdown countdown-urgent' : 'countdown'}>
      <span className="countdown-label">{label}</span>
      <time className="countdown-value" aria-label={t('secondsLeft', { count: seconds })}>
        {formatCountdown(remaining)}
      </time>
    </span>
  );
}
