import type { Lang } from './rejections.ts';

/**
 * The language of a response: Accept-Language (`am` or `en`, by q-weight), else the signed-in user's
 * language, else English.
 */
export function languageFromHeader(header: string | undefined): Lang | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'am' || primary === 'en') return primary;
  }
  return null;
}

export function responseLanguage(header: string | undefined, userLanguage: Lang | null | undefined): Lang {
  return languageFromHeader(header) ?? userLanguage ?? 'en';
}
