import { createTestPlatform, type TestPlatformOptions } from '../../src/testing/platform.ts';

/** Every suite runs the whole embedded platform, with the real ledger (services/ledger). */
export const startPlatform = (options: TestPlatformOptions = {}) => createTestPlatform(options);

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
