import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { RAPID_RECALL_COLOURS } from '@qal/events/contracts';
import { RAPID_RECALL_DIGITS, rapidRecallShapeOf, type RapidRecallShape } from '@qal/events/contracts';

type ColourId = (typeof RAPID_RECALL_COLOURS)[number]['id'];

/** Each shape in a 100 × 100 box. */
const SHAPES: Readonly<Record<RapidRecallShape, ReactElement>> = {
  circle: <circle cx="50" cy="50" r="42" />,
  square: <rect x="10" y="10" width="80" height="80" rx="8" />,
  triangle: <polygon points="50,8 94,90 6,90" />,
  star: <polygon points="50,5 61,38 96,38 68,59 78,93 50,72 22,93 32,59 4,38 39,38" />,
  diamond: <polygon points="50,4 96,50 50,96 4,50" />,
  heart: <path d="M50 90 L12 52 A21 21 0 0 1 50 22 A21 21 0 0 1 88 52 Z" />,
};

const isDigit = (id: string) => (RAPID_RECALL_DIGITS as readonly string[]).includes(id);

/** What a screen reader says for an item: a colour with its shape ("red circle"), a digit or a fidel as itself. */
export function useItemName(): (id: string) => string {
  const { t } = useTranslation('rapid-recall');
  return (id) => (rapidRecallShapeOf(id) ? t(`colours.${id as ColourId}`) : id);
}

/**
 * An item as the player sees it: a colour as its own shape filled with it (so telling colours apart is never needed),
 * a digit or a fidel as a large glyph. `size` is the CSS size class.
 */
export function ItemFace({ id, size }: { id: string; size: 'stage' | 'pad' | 'chip' }) {
  const shape = rapidRecallShapeOf(id);
  if (shape) {
    return (
      <svg className={`rr-face rr-face-${size} rr-shape rr-colour-${id}`} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        {SHAPES[shape]}
      </svg>
    );
  }
  return (
    <span
      className={`rr-face rr-face-${size} ${isDigit(id) ? 'rr-digit' : 'rr-fidel'}`}
      lang={isDigit(id) ? undefined : 'am'}
      aria-hidden="true"
    >
      {id}
    </span>
  );
}
