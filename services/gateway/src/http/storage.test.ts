import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStatic } from './static.ts';

const AVATAR = 'c0ffee00-1111-4222-8333-444455556666-0123456789abcdef.webp';

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'qal-storage-'));
  const storage = path.join(root, 'storage');
  await mkdir(path.join(storage, 'avatars'), { recursive: true });
  await mkdir(path.join(storage, 'exports'), { recursive: true });
  await writeFile(path.join(storage, 'avatars', AVATAR), 'RIFF....WEBP');
  await writeFile(path.join(storage, 'avatars', 'notes.txt'), 'not an avatar');
  await writeFile(path.join(storage, 'secret.json'), '{"pepper":"not for the web"}');
  await writeFile(path.join(storage, 'exports', 'players.csv'), 'phone\n+251911000000');
  app = Fastify();
  const spaFallback = await registerStatic(app, { storageDir: storage, clientDistDir: path.join(root, 'no-client') });
  app.setNotFoundHandler((request, reply) => spaFallback(request, reply) ?? reply.code(404).send({ missing: request.url }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await rm(root, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('/storage/ serves avatars only', () => {
  it('serves an avatar file, cached as immutable', async () => {
    const response = await get(`/storage/avatars/${AVATAR}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('RIFF....WEBP');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('serves nothing else of the storage directory', async () => {
    for (const url of [
      '/storage/secret.json',
      '/storage/exports/players.csv',
      '/storage/avatars/notes.txt',
      '/storage/avatars/../secret.json',
      '/storage/avatars/%2e%2e/secret.json',
      '/storage/avatars/',
      '/storage/',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body, url).not.toContain('pepper');
      expect(response.body, url).not.toContain('+251');
      expect(response.body, url).not.toContain('not an avatar');
    }
  });
});
