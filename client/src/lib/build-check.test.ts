import { describe, expect, it } from 'vitest';
import { fetchDeployedBuildId } from './build-check.ts';

const respond = (body: unknown, ok = true) => (async () => ({ ok, json: async () => body }) as Response) as typeof fetch;

describe('new build check', () => {
  it('reads the build id the server publishes', async () => {
    expect(await fetchDeployedBuildId(respond({ buildId: 'b2', builtAt: 'x' }))).toBe('b2');
  });

  it('treats a missing or malformed version file as unknown, never as a new build', async () => {
    expect(await fetchDeployedBuildId(respond({}, false))).toBeNull();
    expect(await fetchDeployedBuildId(respond({ version: 3 }))).toBeNull();
    expect(
      await fetchDeployedBuildId((async () => {
        throw new TypeError('offline');
      }) as typeof fetch),
    ).toBeNull();
  });
});
