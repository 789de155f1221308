import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_BUILT =
  'Qal: the web client is not built yet. Run `npm run build -w @qal/client` (or start with `npm start`, which builds it) and reload this page.\n';

const isApiLike = (url: string) => /^\/(api|storage|ws)(\/|\?|$)/.test(url);

/** Where avatars are served (identity/avatar.ts writes them to `<STORAGE_DIR>/avatars/<userId>-<hash>.webp`). */
const AVATARS_PREFIX = '/storage/avatars/';
const AVATAR_FILE = /^[A-Za-z0-9-]+\.webp$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A cached copy may be kept but is checked (a cheap 304) before each use. */
const REVALIDATE = 'no-cache';
/** The brotli and gzip copies the client build writes next to each text file; they are cached as the file is. */
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

/**
 * Cache-Control of a file of the client build, by its path relative to client/dist. Names under assets/ carry their
 * content hash, so they never change. Every other name is stable across builds and says which build runs (the shell,
 * the service worker, the manifests, the theme script): a browser must revalidate it, or an update waits for a cache
 * to expire.
 */
export function clientCacheControl(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/').replace(PRECOMPRESSED_SUFFIX, '');
  return file.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

/**
 * A request for a file of the client build (hashed assets, icons, fonts, the manifests, the service worker): served
 * from disk, and one first load asks for about thirty of them, so they are not counted against a client's per-IP
 * request budget (phones behind one mobile-network address would share it). Pages and the API are counted.
 */
export function isClientFileRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const file = url.split(/[?#]/)[0] ?? '';
  return !isApiLike(file) && (file.startsWith('/assets/') || /^\/[^?#]*\.[a-z0-9]{2,12}$/i.test(file)) && !file.includes('..');
}

/** A page path as the client's router matches it: decoded, no query, no trailing slash, no `/am` prefix, any case. */
const pagePath = (url: string) => {
  const raw = url.split(/[?#]/)[0] ?? '';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: compared as it came.
  }
  const bare = decoded.replace(/\/+$/, '').toLowerCase();
  return bare.replace(/^\/am(?=\/)/, '') || '/';
};

/**
 * /storage/avatars/ serves avatar files (nothing else of the storage directory); the built client is served at / with an SPA fallback for every other GET that is
 * not /api, /storage or /ws, nor one of `hiddenPages` (with or without `/am`), which stay 404 so a page that is
 * switched off is not served at all. Returns the fallback for the not-found handler.
 */
export async function registerStatic(
  app: FastifyInstance,
  options: { storageDir: string; clientDistDir: string; hiddenPages?: readonly string[] },
) {
  const hidden = new Set((options.hiddenPages ?? []).map(pagePath));
  // Only the avatars are public: STORAGE_DIR may hold other files, and nothing else under it is ever served.
  const avatars = path.join(options.storageDir, 'avatars');
  await mkdir(avatars, { recursive: true });
  await app.register(fastifyStatic, {
    root: avatars,
    prefix: AVATARS_PREFIX,
    allowedPath: (pathName) => AVATAR_FILE.test(pathName.replace(/^\//, '')),
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
      // Sends x.br or x.gz when the request's Accept-Encoding allows it (with Vary: Accept-Encoding), else x itself.
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('cache-control', clientCacheControl(path.relative(options.clientDistDir, filePath)));
      },
    });
  }

  /** For GET/HEAD of a page path: the client's index.html, or a note that it must be built. */
  return function spaFallback(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApiLike(request.url) || hidden.has(pagePath(request.url))) return null;
    if (!clientBuilt) return reply.code(200).type('text/plain; charset=utf-8').send(NOT_BUILT);
    return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html', options.clientDistDir);
  };
}
