import type { RawData } from 'ws';

/** A text frame's content, whichever of its buffer shapes ws handed over. */
export const textOf = (data: RawData): string =>
  Buffer.isBuffer(data)
    ? data.toString('utf8')
    : Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data).toString('utf8');
