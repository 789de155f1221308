import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { Locale } from '../config/constants.ts';
import { formatDate } from '../lib/dates.ts';

/** How long a finger rests on a date before it shows its Gregorian twin, and how long that stays. */
export const LONG_PRESS_MS = 500;
export const GREGORIAN_SHOWN_MS = 3_000;

/**
 * A date as the locale shows it (Ethiopian in Amharic, Gregorian in English), in a `<time>` whose hover text is the
 * Gregorian date. A phone has no hover: a long press shows the Gregorian date in its place for a few seconds. Screen
 * readers hear the Gregorian date too, since neither is within their reach.
 */
export function DateText({ value, locale, time = false }: { value: string; locale: Locale; time?: boolean }) {
  const shown = formatDate(value, locale, { time });
  const [gregorianShown, setGregorianShown] = useState(false);
  const press = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hide = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (press.current) clearTimeout(press.current);
      if (hide.current) clearTimeout(hide.current);
    },
    [],
  );
  if (!shown) return null;
  const gregorian = shown.gregorian;

  const cancelPress = () => {
    if (press.current) clearTimeout(press.current);
    press.current = null;
  };
  const startPress = (event: PointerEvent) => {
    if (!gregorian || event.pointerType === 'mouse') return;
    cancelPress();
    press.current = setTimeout(() => {
      setGregorianShown(true);
      if (hide.current) clearTimeout(hide.current);
      hide.current = setTimeout(() => setGregorianShown(false), GREGORIAN_SHOWN_MS);
    }, LONG_PRESS_MS);
  };

  return (
    <time
      dateTime={shown.iso}
      title={gregorian ?? undefined}
      onPointerDown={startPress}
      onPointerUp={cancelPress}
      onPointerCancel={cancelPress}
      onPointerLeave={cancelPress}
      // the long press shows the date, not the phone's menu for the text
      onContextMenu={gregorian ? (event) => event.preventDefault() : undefined}
      data-gregorian-shown={gregorianShown || undefined}
    >
      {gregorianShown && gregorian ? gregorian : shown.text}
      {gregorian && !gregorianShown && <span className="visually-hidden"> ({gregorian})</span>}
    </time>
  );
}
