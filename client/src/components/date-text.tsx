import type { Locale } from '../config/constants.ts';
import { formatDate } from '../lib/dates.ts';

/**
 * A date as the locale shows it (Ethiopian in Amharic, Gregorian in English), in a `<time>` whose hover text is the
 * Gregorian date; screen readers hear the Gregorian date too, since a hover text is out of their reach.
 */
export function DateText({ value, locale, time = false }: { value: string; locale: Locale; time?: boolean }) {
  const shown = formatDate(value, locale, { time });
  if (!shown) return null;
  return (
    <time dateTime={shown.iso} title={shown.gregorian ?? undefined}>
      {shown.text}
      {shown.gregorian && <span className="visually-hidden"> ({shown.gregorian})</span>}
    </time>
  );
}
