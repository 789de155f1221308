/** @qal/gateway/testing: the whole embedded platform in memory, for the gateway's tests and the benchmarks. */
export { createTestPlatform, type TestPlatform, type TestPlatformOptions } from './platform.ts';
/** The websocket commands' payload schemas (JSON Schema), for generating commands. */
export { commandPayloadSchemas } from '../docs/realtime-docs.ts';
