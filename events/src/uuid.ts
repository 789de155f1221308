import { createHash, randomUUID } from 'node:crypto';

/** The namespace of every name-based id Qal derives (RFC 9562 v5). */
export const QAL_NAMESPACE = '6f1d4c1e-8a4b-5d2e-9c3f-0a1b2c3d4e5f';

function parseUuid(uuid: string): Buffer {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex');
}

function formatUuid(bytes: Buffer): string {
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * A deterministic UUID (v5) from parts: the same parts give the same id on every retry and every machine,
 * which is what makes a re-delivered command harmless (e.g. daily bonus = uuidFrom('daily-bonus', user, day)).
 */
export function uuidFrom(...parts: readonly string[]): string {
  const hash = createHash('sha1')
    .update(parseUuid(QAL_NAMESPACE))
    .update(parts.map((p) => `${p.length}:${p}`).join('|'))
    .digest()
    .subarray(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  return formatUuid(hash);
}

export const newUuid = (): string => randomUUID();
