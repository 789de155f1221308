/**
 * A shared statistics page (/stats/share/{id}, /am/stats/share/{id}) is the client's index.html with social-card
 * meta tags filled in on the server, so a link pasted into a chat shows whose statistics it is (crawlers do
 * not run the SPA). Anything else about the page is the client's.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SHARE_ID_PATTERN } from '@qal/leaderboard';
import { z } from 'zod';
import type { LeaderboardService } from '../platform/leaderboard-port.ts';
import type { Lang } from './rejections.ts';
import { routeSchema } from './route-schema.ts';

const ShareParams = z.object({ shareId: z.string() });

const TEXT = {
  en: {
    title: (name: string) => `${name}’s statistics on Qal`,
    description: (level: number, played: number, best: number) =>
      `Level ${level} · ${played} games played · highest score ${best}. Play Hangman in English and Amharic on Qal.`,
    missing: 'Qal — statistics',
  },
  am: {
    title: (name: string) => `ስታቲስቲክስ በቃል፦ ${name}`,
    description: (level: number, played: number, best: number) =>
      `ደረጃ ${level} · ${played} ጨዋታዎች ተጫውተዋል · ከፍተኛ ነጥብ ${best}። በቃል ላይ ሃንግማንን በእንግሊዝኛ እና በአማርኛ ይጫወቱ።`,
    missing: 'ቃል — ስታቲስቲክስ',
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** index.html with the page's title, description and og/twitter tags. */
export function withSocialMeta(html: string, meta: { title: string; description: string; url: string }): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:site_name" content="Qal" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].join('\n    ');
  // Function replacements: a replacement string would expand `$&`, `$'` and the like from a player's name.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${description}" />`)
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

export function registerSharePage(app: FastifyInstance, deps: { clientDistDir: string; leaderboard: LeaderboardService }) {
  const indexPath = path.join(deps.clientDistDir, 'index.html');
  if (!existsSync(indexPath)) return; // the SPA fallback explains that the client is not built
  let template: Promise<string> | null = null;

  for (const [prefix, lang] of [
    ['', 'en'],
    ['/am', 'am'],
  ] as const satisfies readonly (readonly [string, Lang])[]) {
    const doc = routeSchema({
      tags: ['pages'],
      summary: `A shared statistics page (${lang === 'en' ? 'English' : 'Amharic'})`,
      description: 'The web client’s page with social-card meta tags naming the player.',
      params: ShareParams,
      produces: ['text/html'],
    });
    app.get(`${prefix}/stats/share/:shareId`, { schema: doc }, async (request, reply) => {
      const { shareId } = request.params as { shareId: string };
      template ??= readFile(indexPath, 'utf8');
      const html = await template;
      const text = TEXT[lang];
      const owner = SHARE_ID_PATTERN.test(shareId) ? await deps.leaderboard.shares.ownerOf(shareId) : null;
      const [profile, stats] = owner
        ? await Promise.all([deps.leaderboard.queries.profile(owner), deps.leaderboard.queries.stats(owner)])
        : [null, null];
      const meta =
        profile && stats
          ? {
              title: text.title(profile.name),
              description: text.description(profile.level, stats.overall_stats.games_played, stats.overall_stats.highest_score),
              url: request.url,
            }
          : { title: text.missing, description: text.missing, url: request.url };
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(withSocialMeta(html, meta));
    });
  }
}
