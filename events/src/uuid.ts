import { hash, randomUUID } from 'node:crypto';

/** The namespace of every name-based id Qal derives (RFC 9562 v5). */
export const QAL_NAMESPACE = '6f1d4c1e-8a4b-5d2e-9c3f-0a1b2c3d4e5f';

function parseUuid(uuid: string): Buffer {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex');
}

const NAMESPACE_BYTES = parseUuid(QAL_NAMESPACE);

/** The first 16 bytes as a UUID's text. */
function formatUuid(bytes: Buffer): string {
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * A deterministic UUID (v5) from parts: the same parts give the same id on every retry and every machine,
 * which is what makes a re-delivered command harmless (e.g. daily bonus = uuidFrom('daily-bonus', user, day)).
 */
export function uuidFrom(...parts: readonly string[]): string {
  let name = '';
  for (let i = 0; i < parts.length; i += 1) name += `${i === 0 ? '' : '|'}${parts[i]!.length}:${parts[i]}`;
  // One-shot hashing of namespace + name (ids are made on every move: a Hash object costs twice as much).
  const digest = hash('sha1', Buffer.concat([NAMESPACE_BYTES, Buffer.from(name)]), 'buffer');
  digest[6] = (digest[6]! & 0x0f) | 0x50;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  return formatUuid(digest);
}

export const newUuid = (): string => randomUUID();
