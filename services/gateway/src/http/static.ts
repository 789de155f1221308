import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_BUILT =
  'Qal: the web client is not built yet. Run `npm run build -w @qal/client` (or start with `npm start`, which builds it) and reload this page.\n';

const isApiLike = (url: string) => /^\/(api|storage|ws)(\/|\?|$)/.test(url);

/**
 * /storage/ serves avatars; the built client is served at / with an SPA fallback for every other GET that is
 * not /api, /storage or /ws. Returns the fallback for the not-found handler.
 */
export async function registerStatic(app: FastifyInstance, options: { storageDir: string; clientDistDir: string }) {
  await mkdir(path.join(options.storageDir, 'avatars'), { recursive: true });
  await app.register(fastifyStatic, {
    root: options.storageDir,
    prefix: '/storage/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    // Avatar file names carry their content hash, so they never change.
    immutable: true,
    maxAge: '365d',
  });

  const clientBuilt = existsSync(path.join(options.clientDistDir, 'index.html'));
  if (clientBuilt) {
    await app.register(fastifyStatic, {
      root: options.clientDistDir,
      prefix: '/',
      index: ['index.html'],
      cacheControl: false,
      dotfiles: 'ignore',
      setHeaders(reply, filePath) {
        const relative = path.relative(options.clientDistDir, filePath);
        reply.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : relative === 'index.html' || relative === 'sw.js'
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
  }

  /** For GET/HEAD of a page path: the client's index.html, or a note that it must be built. */
  return function spaFallback(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApiLike(request.url)) return null;
    if (!clientBuilt) return reply.code(200).type('text/plain; charset=utf-8').send(NOT_BUILT);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', options.clientDistDir);
  };
}
