import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { WS_COMMAND_NAMES } from '@qal/events';
import { describe, expect, it } from 'vitest';
import { REALTIME_DOCS_PATH, renderRealtimeDocs } from './realtime-docs.ts';

const committed = () => readFile(path.resolve(import.meta.dirname, '../../../..', REALTIME_DOCS_PATH), 'utf8');

describe('docs/realtime.md', () => {
  it('is what `npm run docs:realtime` generates from the schemas (run it after changing them)', async () => {
    expect(await committed()).toBe(renderRealtimeDocs());
  });

  it('describes every message type, command and channel kind', () => {
    const docs = renderRealtimeDocs();
    for (const type of ['subscribe', 'unsubscribe', 'ping', 'command', 'subscribed', 'push', 'unsubscribed', 'pong', 'error', 'result'])
      expect(docs).toContain(`### \`${type}\``);
    for (const name of WS_COMMAND_NAMES) expect(docs).toContain(`### \`${name}\``);
    for (const channel of ['user:<userId>', 'room:<code>', 'match:<matchId>', 'match:<matchId>:<userId>'])
      expect(docs).toContain(`### \`${channel}\``);
  });
});
