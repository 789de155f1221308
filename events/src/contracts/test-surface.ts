/**
 * The websocket test surface: pages that show the socket working without signing in, a guest socket for them, and a
 * private channel a signed-in socket may follow as a check. Development and tests have it; a production server only
 * when its operator turns it on (the gateway's QAL_TEST_SURFACE).
 */

/** The test pages, without the `/am` prefix they also live under. */
export const TEST_PAGE_PATHS = ['/test-websocket', '/test-crazy-websocket', '/test-websocket-crazy', '/test-websocket-simple'] as const;

/**
 * A socket without a session: it answers `ping` and refuses every subscription, so a signed-out test page can see a
 * connection open. A signed-in page uses the real socket (`WS_PATH`).
 */
export const TEST_WS_PATH = '/ws/test';

/** Private channels are named `private:<name>`, as the browser's broadcasting libraries name them. */
export const PRIVATE_CHANNEL_PREFIX = 'private:';

/** The private channel `test.debug`: any signed-in socket may follow it; its snapshot says nothing about anyone. */
export const TEST_DEBUG_CHANNEL = `${PRIVATE_CHANNEL_PREFIX}test.debug`;
