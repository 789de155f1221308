import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compresses the JSON answers of GET requests (the game catalogue is about 23 KB as text, about 4 KB in brotli),
 * by the client's Accept-Encoding, brotli first.
 *
 * Why a small hook and not @fastify/compress: that plugin either compresses every route (POST answers included) or
 * only the routes that opt in one by one. POST answers must stay plain text: the idempotency layer keeps each POST
 * answer, as text, in a route onSend hook that runs after the app's hooks, and a compressed stream there would leave
 * a retried POST with nothing to replay. So this hook looks at the method first and leaves every other request as
 * it was. The answers are small (tens of KB), so a synchronous brotli at a middle quality costs well under a
 * millisecond and needs no stream.
 */

/** Below this, the headers and the work cost more than the bytes saved. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Brotli's middle setting: most of the size gain of the top qualities at a small part of their time. */
const BROTLI_QUALITY = 5;

export type ContentEncoding = 'br' | 'gzip';
const SUPPORTED: readonly ContentEncoding[] = ['br', 'gzip'];

/** The encoding to answer with for an Accept-Encoding header: the best-weighted of br and gzip, br on a tie. */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: ContentEncoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  let best: ContentEncoding | undefined;
  for (const encoding of SUPPORTED) if (weightOf(encoding) > 0 && (!best || weightOf(encoding) > weightOf(best))) best = encoding;
  return best;
}

function compress(body: Buffer, encoding: ContentEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body);
  return brotliCompressSync(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

function addVary(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const listed = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  if (listed.split(',').some((name) => ['accept-encoding', '*'].includes(name.trim().toLowerCase()))) return;
  reply.header('vary', listed ? `${listed}, Accept-Encoding` : 'Accept-Encoding');
}

const isJson = (reply: FastifyReply) => /^application\/json\b/i.test(String(reply.getHeader('content-type') ?? ''));

/** The onSend step: the payload as sent, compressed when the request and the answer allow it. */
export function compressJsonAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (request.method !== 'GET' || !isJson(reply) || reply.hasHeader('content-encoding')) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  if (body.length < COMPRESSION_THRESHOLD_BYTES) return payload;
  // Whether compressed or not, this answer depends on Accept-Encoding, so caches must key on it.
  addVary(reply);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return compress(body, encoding);
}

/** Registers the compression of GET JSON answers; after any app hook that rewrites the payload. */
export function registerJsonCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => compressJsonAnswer(request, reply, payload));
}
