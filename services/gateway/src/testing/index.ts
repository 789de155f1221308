/** @qal/gateway/testing: the whole embedded platform in memory, for the gateway's tests and the benchmarks. */
export { createTestPlatform, type TestPlatform, type TestPlatformOptions } from './platform.ts';
