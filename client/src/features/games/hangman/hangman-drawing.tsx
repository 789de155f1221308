import { useTranslation } from 'react-i18next';

/** The gallows and the 7 parts drawn one per wrong guess (head, body, arms, legs, then the face). */
const PARTS = [
  <circle key="head" cx="140" cy="62" r="16" />,
  <line key="body" x1="140" y1="78" x2="140" y2="128" />,
  <line key="left-arm" x1="140" y1="92" x2="118" y2="112" />,
  <line key="right-arm" x1="140" y1="92" x2="162" y2="112" />,
  <line key="left-leg" x1="140" y1="128" x2="120" y2="158" />,
  <line key="right-leg" x1="140" y1="128" x2="160" y2="158" />,
  <g key="face" className="hangman-face">
    <line x1="132" y1="56" x2="137" y2="61" />
    <line x1="137" y1="56" x2="132" y2="61" />
    <line x1="143" y1="56" x2="148" y2="61" />
    <line x1="148" y1="56" x2="143" y2="61" />
    <path d="M133 71 q7 -5 14 0" fill="none" />
  </g>,
];

export const DRAWING_STAGES = PARTS.length;

export function HangmanDrawing({ wrong, max }: { wrong: number; max: number }) {
  const { t } = useTranslation('hangman');
  const shown = Math.min(PARTS.length, Math.max(0, Math.round((wrong / Math.max(1, max)) * PARTS.length)));
  return (
    <svg
      className="hangman-drawing"
      viewBox="0 0 200 190"
      role="img"
      aria-label={t('game.drawingLabel', { count: wrong, max })}
      data-testid="hangman-drawing"
      data-stage={shown}
    >
      <g className="hangman-gallows">
        <line x1="20" y1="180" x2="120" y2="180" />
        <line x1="50" y1="180" x2="50" y2="14" />
        <line x1="50" y1="14" x2="140" y2="14" />
        <line x1="50" y1="40" x2="76" y2="14" />
        <line x1="140" y1="14" x2="140" y2="46" />
      </g>
      <g className="hangman-figure">{PARTS.slice(0, shown)}</g>
    </svg>
  );
}
