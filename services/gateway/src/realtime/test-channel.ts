import { PRIVATE_CHANNEL_PREFIX, TEST_DEBUG_CHANNEL } from '@qal/events';
import type { ChannelKind } from './hub.ts';

/**
 * `private:test.debug`: the test surface's private channel. Any signed-in socket may follow it (the hub only holds
 * signed-in sockets; a user id is still required, so a future guest connection could not slip in). Nothing is ever
 * pushed on it: subscribing is the test. Registered only where the test surface is on.
 */
export function testChannelKind(): ChannelKind {
  return {
    prefix: PRIVATE_CHANNEL_PREFIX,
    authorize: (userId, channel) => userId.length > 0 && channel === TEST_DEBUG_CHANNEL,
    view: async () => ({ version: 0, snapshot: { channel: TEST_DEBUG_CHANNEL } }),
  };
}
