/**
 * @qal/gateway: the HTTP and websocket front (src/main.ts runs it). Other packages need little of it: the app
 * builder and its configuration, the OTP pepper the distributed start script shares between gateways, and the
 * realtime hub's type (the rooms benchmark traces pushes through it). Tests and benchmarks use
 * `@qal/gateway/testing`.
 */
export { buildApp, type AppConfig, type AppDeps, type QalApp } from './app.ts';
export { ConfigError, loadConfig, type Config } from './config.ts';
export { loadOrCreatePepper } from './platform/pepper.ts';
export type { Hub } from './realtime/hub.ts';
