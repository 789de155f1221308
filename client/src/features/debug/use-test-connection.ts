import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { TEST_DEBUG_CHANNEL, TEST_WS_PATH } from '@qal/events/contracts';
import { WS_PATH } from '../../config/constants.ts';
import { api } from '../../lib/api-client.ts';
import { browserSocket, socketUrlOf } from '../../lib/realtime/realtime.ts';
import { createTestConnection, type TestConnectionSnapshot } from './test-connection.ts';

const ChannelAuthAnswer = z.object({ channel: z.string(), authorized: z.literal(true) });

/** The real socket with the session (its token goes in the first message), or the test surface's guest socket. */
const socketUrl = (token: string | null): string => socketUrlOf(token ? WS_PATH : TEST_WS_PATH);

/** POST /broadcasting/auth: may this session's socket follow the channel? Any refusal or failure is a no. */
async function authorizeChannel(channel: string, socketId: string): Promise<boolean> {
  try {
    await api.request('/broadcasting/auth', ChannelAuthAnswer, {
      method: 'POST',
      body: { channel_name: channel, socket_id: socketId },
      requireSession: true,
    });
    return true;
  } catch {
    return false;
  }
}

export type TestConnectionHandle = {
  readonly snapshot: TestConnectionSnapshot;
  readonly follow: (channel: string) => void;
  readonly reconnect: () => void;
};

/**
 * A test page's own socket for as long as the page is open (never the app's shared one, which every page uses):
 * signed in, it also tries the private test channel 2 s after connecting; `enabled` false opens nothing.
 */
export function useTestConnection(token: string | null, enabled: boolean): TestConnectionHandle {
  const [generation, setGeneration] = useState(0);
  const connection = useMemo(() => {
    const socketId = `${generation}.${crypto.randomUUID()}`;
    return createTestConnection({
      url: socketUrl(token),
      ...(token ? { token } : {}),
      createSocket: browserSocket,
      ...(token
        ? { privateChannel: { channel: TEST_DEBUG_CHANNEL, authorize: () => authorizeChannel(TEST_DEBUG_CHANNEL, socketId) } }
        : {}),
    });
  }, [token, generation]);

  useEffect(() => {
    if (!enabled) return;
    connection.start();
    return () => connection.stop();
  }, [connection, enabled]);

  const snapshot = useSyncExternalStore(connection.subscribe, connection.getSnapshot, connection.getSnapshot);
  return { snapshot, follow: connection.follow, reconnect: () => setGeneration((count) => count + 1) };
}
