/**
 * How much of a WebAssembly memory the operating system backs, from /proc/self/smaps. V8 maps a wasm memory's
 * accessible part as one anonymous read-write mapping of exactly its size (inside a larger reservation), so the
 * mapping of that size is found and its `Rss` read. Null where there is no /proc or no such mapping.
 */
import { readFileSync } from 'node:fs';

const MAPPING_HEAD = /^[0-9a-f]+-[0-9a-f]+ rw-p 00000000 00:00 0\s*$/;

export function residentKbOfMapping(sizeBytes: number, smaps = readSmaps()): number | null {
  if (smaps === null || sizeBytes <= 0) return null;
  const sizeKb = sizeBytes / 1024;
  let inCandidate = false;
  let sizeMatches = false;
  for (const line of smaps.split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) {
      inCandidate = MAPPING_HEAD.test(line);
      sizeMatches = false;
    } else if (inCandidate && line.startsWith('Size:')) {
      sizeMatches = Number(line.split(/\s+/)[1]) === sizeKb;
    } else if (inCandidate && sizeMatches && line.startsWith('Rss:')) {
      return Number(line.split(/\s+/)[1]);
    }
  }
  return null;
}

function readSmaps(): string | null {
  try {
    return readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return null;
  }
}
