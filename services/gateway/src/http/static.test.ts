import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCacheControl, registerStatic } from './static.ts';

const APP_JS = `console.log(${JSON.stringify('qal '.repeat(500))});`;
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Qal</title></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let root: string;
let app: FastifyInstance;

/** A client/dist as the build writes it: text files with their brotli and gzip copies, a small file without. */
async function writeClientDist(dir: string) {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  for (const [name, text] of [
    ['assets/index-1234abcd.js', APP_JS],
    ['index.html', INDEX_HTML],
  ] as const) {
    await writeFile(path.join(dir, name), text);
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  await writeFile(path.join(dir, 'theme-init.js'), 'document.documentElement.lang = "en";');
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'qal-static-'));
  await writeClientDist(path.join(root, 'dist'));
  app = Fastify();
  const spaFallback = await registerStatic(app, { storageDir: path.join(root, 'storage'), clientDistDir: path.join(root, 'dist') });
  app.setNotFoundHandler((request, reply) => spaFallback(request, reply) ?? reply.code(404).send({ missing: request.url }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await rm(root, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built client, compressed ahead of time', () => {
  it('sends a hashed asset as brotli to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/index-1234abcd.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that accepts neither', async () => {
    const gzipped = await get('/assets/index-1234abcd.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(APP_JS);

    const plain = await get('/assets/index-1234abcd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(APP_JS);
  });

  it('sends the page shell compressed and never cached unchecked, at / and at any page path', async () => {
    for (const url of ['/', '/am/hangman', '/wallet']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
  });

  it('has a file without a hash in its name revalidated', async () => {
    const script = await get('/theme-init.js', 'br');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBeUndefined();
    expect(script.headers['cache-control']).toBe('no-cache');
  });
});

describe('the cache policy of a client file', () => {
  it('is a year for hashed assets and their compressed copies, a revalidation for every other name', () => {
    expect(clientCacheControl(path.join('assets', 'index-1234abcd.js'))).toBe(IMMUTABLE);
    expect(clientCacheControl(path.join('assets', 'index-1234abcd.js.br'))).toBe(IMMUTABLE);
    for (const name of ['index.html', 'index.html.gz', 'sw.js', 'manifest.am.webmanifest', 'favicon.svg', 'version.json']) {
      expect(clientCacheControl(name), name).toBe('no-cache');
    }
  });
});
