/**
 * The four badges (docs/product-rules.md, badges): Emperor (global #1), Nigus (#1 of a game),
 * Ras (ranks 2–6), Fitawrari (ranks 7–21). Small inline SVGs, so the header can show one without a chunk.
 */
import { useTranslation } from 'react-i18next';

export const BADGES = ['emperor', 'nigus', 'ras', 'fitawrari'] as const;
export type Badge = (typeof BADGES)[number];

const PATHS: Record<Badge, string> = {
  // A crown with a cross above: the emperor.
  emperor: 'M12 1.5v3M10.5 3h3M4 18l-1.5-9 5 3.5L12 6l4.5 6.5 5-3.5L20 18zM4 21h16',
  // A crown.
  nigus: 'M4 18l-1.5-10 5.5 4L12 5l4 7 5.5-4L20 18zM4 21h16',
  // A key: the trusted lord of a region.
  ras: 'M14.5 9.5a4.5 4.5 0 1 0-3.2 4.3L13 15.5h2v2h2v2h3v-3l-5.3-5.3a4.5 4.5 0 0 0-.2-1.7zM9 9h.01',
  // A sword: the commander of the vanguard.
  fitawrari: 'M20 3l-9.5 9.5M20 3h-4M20 3v4M8 13l3 3M6.5 14.5l3 3M4 20l3.5-3.5',
};

/** Gold for the emperor, amber for a nigus, the brand's teal for a ras, bronze for a fitawrari. */
const COLORS: Record<Badge, string> = { emperor: '#b8860b', nigus: '#d97706', ras: '#0f766e', fitawrari: '#9a6b3f' };

export function BadgeIcon({
  badge,
  size = 16,
  withLabel = false,
}: {
  badge: Badge | null | undefined;
  size?: number;
  withLabel?: boolean;
}) {
  const { t } = useTranslation();
  if (!badge) return null;
  const label = t(`badges.${badge}`);
  return (
    <span
      className={`badge-mark badge-${badge}`}
      title={label}
      data-testid={`badge-${badge}`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, color: COLORS[badge], fontWeight: 700, verticalAlign: 'middle' }}
    >
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        role="img"
        aria-label={label}
        focusable="false"
      >
        <path d={PATHS[badge]} />
      </svg>
      {withLabel && <span className="badge-mark-label">{label}</span>}
    </span>
  );
}
