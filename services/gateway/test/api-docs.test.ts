import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { API_DOCS_PREFIX, registeredRoutes, type SeenRoute } from '../src/http/openapi.ts';
import { API_TAGS } from '../src/http/route-schema.ts';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';

/** Routes that carry no route schema of their own, each with why. Every one must still match a route. */
const EXEMPT: readonly { readonly name: string; readonly reason: string; readonly matches: (route: SeenRoute) => boolean }[] = [
  {
    name: 'the docs themselves',
    reason: 'the browsable UI, its assets and the OpenAPI JSON/YAML are @fastify/swagger-ui’s (hidden from the document)',
    matches: (route) => route.url === API_DOCS_PREFIX || route.url.startsWith(`${API_DOCS_PREFIX}/`),
  },
  {
    name: 'avatar files',
    reason: 'static files of /storage/ served by @fastify/static, no API',
    matches: (route) => route.url.startsWith('/storage/'),
  },
  {
    name: 'the web client’s files',
    reason: 'the built client served by @fastify/static (the SPA fallback is the not-found handler, not a route)',
    matches: (route) => route.url === '/' || route.url === '/*',
  },
  {
    name: 'the websocket upgrade',
    reason: 'not an HTTP operation: its protocol is docs/realtime.md, and the document points there',
    matches: (route) => route.websocket && route.url === '/ws',
  },
];
const exemptionOf = (route: SeenRoute) => EXEMPT.find((exemption) => exemption.matches(route));

/** `/api/v1/rooms/:code` as OpenAPI writes it: `/api/v1/rooms/{code}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { summary?: string; tags?: string[]; security?: unknown[]; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

let t: TestPlatform;
let clientDir: string;
const apps: { name: string; app: FastifyInstance }[] = [];

beforeAll(async () => {
  t = await startPlatform();
  clientDir = await mkdtemp(path.join(tmpdir(), 'qal-client-dist-'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Qal</title><div id="root"></div>');
  const variants = [
    // Sandbox payments, the test surface on, a built client: the sandbox confirmation, test pages, share pages.
    { name: 'sandbox', config: { clientDistDir: clientDir, testSurface: true }, payments: t.platform.payments },
    // Chapa: its webhook (its parser is not reached here), the test surface off.
    {
      name: 'chapa',
      config: { clientDistDir: clientDir, testSurface: false, payments: { provider: 'chapa' as const } },
      payments: { ...t.platform.payments, parseWebhook: () => null },
    },
  ];
  for (const variant of variants) {
    const { app } = await buildApp({
      ...t.platform,
      payments: variant.payments,
      config: { ...t.config, ...variant.config },
      clock: t.clock,
      logger: false,
    });
    await app.ready();
    apps.push({ name: variant.name, app });
  }
});
afterAll(async () => {
  for (const { app } of apps) await app.close();
  await t?.close();
  await rm(clientDir, { recursive: true, force: true });
});

describe('the API reference', () => {
  it('has a schema with tags and a summary for every route but the named exemptions', () => {
    const used = new Set<string>();
    for (const { name, app } of apps) {
      for (const route of registeredRoutes(app)) {
        const exemption = exemptionOf(route);
        if (exemption) {
          used.add(exemption.name);
          continue;
        }
        const label = `${name}: ${route.method} ${route.url}`;
        expect(route.schema?.summary, label).toBeTruthy();
        expect(route.schema?.tags?.length, label).toBeGreaterThan(0);
        for (const tag of route.schema?.tags ?? []) expect(Object.keys(API_TAGS), label).toContain(tag);
        const declared = Object.keys((route.schema?.params as { properties?: object } | undefined)?.properties ?? {});
        expect(declared.sort(), `${label}: path parameters`).toEqual(paramsOf(route.url).sort());
        // Documentation only: a response schema would make Fastify's serializer drop undeclared fields.
        expect(route.schema?.response, label).toBeUndefined();
      }
    }
    expect([...used].sort()).toEqual(EXEMPT.map((exemption) => exemption.name).sort());
  });

  it('lists every documented route in /api/docs/json, as OpenAPI 3.1', async () => {
    for (const { name, app } of apps) {
      const response = await app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/json` });
      expect(response.statusCode).toBe(200);
      const doc = response.json<OpenApiDocument>();
      expect(doc.openapi).toBe('3.1.0');
      const documented = registeredRoutes(app).filter((route) => route.method !== 'HEAD' && !exemptionOf(route));
      for (const route of documented) {
        const operation = doc.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
        expect(operation?.summary, `${name}: ${route.method} ${route.url}`).toBe(route.schema?.summary);
      }
      expect(doc.paths['/ws']?.get?.tags).toEqual(['realtime']);
      expect(Object.keys(doc.paths).some((p) => p.startsWith(API_DOCS_PREFIX))).toBe(false);
    }
  });

  it('says which calls need the bearer token, and documents the failure envelope', async () => {
    const doc = (await apps[0]!.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/json` })).json<OpenApiDocument>();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/wallet']?.get?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/auth/refresh']?.post?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/games']?.get?.security).toBeUndefined();
    expect(doc.paths['/api/v1/leaderboards']?.get?.security).toEqual([{}, { bearer: [] }]);
    expect(doc.components.schemas.FailureEnvelope).toMatchObject({ properties: { success: {}, code: {}, message: {} } });
    expect(JSON.stringify(doc.paths['/api/v1/rooms']?.post?.responses['4XX'])).toContain('#/components/schemas/FailureEnvelope');
  });

  it('serves the browsable UI at /api/docs with scripts from its own origin', async () => {
    const page = await apps[0]!.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui-bundle.js');
    const script = await apps[0]!.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/static/swagger-initializer.js` });
    expect(script.statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('leaves validation to zod: a bad request is still the localized validation_failed envelope', async () => {
    const app = apps[0]!.app;
    const query = await app.inject({ method: 'GET', url: '/api/v1/leaderboards?limit=lots', headers: { 'accept-language': 'am' } });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ success: false, code: 'validation_failed', message: 'ያስገቡት መረጃ ትክክል አይደለም' });
    expect(Object.keys(query.json().data.fields)).toEqual(['limit']);

    const { token } = await t.signIn();
    const body = await app.inject({ method: 'POST', url: '/api/v1/rooms', headers: bearer(token), payload: { roomName: '' } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ success: false, code: 'validation_failed', message: 'Validation Failed' });
    expect(Object.keys(body.json().data.fields).sort()).toEqual(['gameDuration', 'maxPlayers', 'roomName']);
  });
});
