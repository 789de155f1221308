/**
 * Requests for one documented operation: its own method (now and then another), path ids that are valid, real or
 * hostile, query values, a body that is valid by the schema, broken in one place, of the wrong type, not JSON, too
 * deep or too large, sent with the right content type or a wrong one, and headers (Accept-Language, Idempotency-Key,
 * Authorization) that range from correct to garbage. Signed in as one of the players, signed out, or with a
 * token that is not one.
 */
import fc from 'fast-check';
import { HTTP_METHODS, type HttpMethod, type OperationSpec, type ParameterSpec } from './api-document.ts';
import {
  brokenJsonText,
  deepJsonText,
  encodeURIComponentLoosely,
  headerText,
  hostileSegment,
  hostileString,
  mutatedArbitrary,
  wrongValue,
} from './hostile.ts';
import { arbitraryOf, type SchemaNode } from './json-schema-arbitrary.ts';
import type { Lang } from './invariants.ts';

export type Auth =
  { readonly kind: 'player'; readonly slot: number } | { readonly kind: 'none' } | { readonly kind: 'garbage'; readonly value: string };

export interface FuzzRequest {
  readonly method: HttpMethod;
  readonly url: string;
  readonly auth: Auth;
  /** The Accept-Language sent, and the language it asks for (null: none the API speaks, so the fallback). */
  readonly language: { readonly header: string | undefined; readonly asks: Lang | null };
  readonly headers: Readonly<Record<string, string>>;
  readonly payload: string | Buffer | undefined;
  readonly remoteAddress: string;
}

const MULTIPART_LIMIT_BYTES = 2 * 1024 * 1024;
/** A 1×1 PNG: the smallest real image an avatar upload accepts. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const LANGUAGE_HEADERS: readonly (readonly [string | undefined, Lang | null])[] = [
  [undefined, null],
  ['en', 'en'],
  ['am', 'am'],
  ['am-ET', 'am'],
  ['AM', 'am'],
  ['en-US,en;q=0.9', 'en'],
  ['am-ET,am;q=0.9,en;q=0.5', 'am'],
  ['en;q=0.2,am;q=0.8', 'am'],
  ['fr-FR,fr;q=0.9', null],
  ['*', null],
  ['', null],
  ['am;q=0', null],
  ['xx;q=abc,;;,', null],
];
const SPEAKS_A_LANGUAGE = /(?:^|[\s,;])(?:am|en)(?:$|[\s,;-])/i;

const language = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...LANGUAGE_HEADERS).map(([header, asks]) => ({ header, asks })) },
  { weight: 1, arbitrary: headerText.filter((text) => !SPEAKS_A_LANGUAGE.test(text)).map((header) => ({ header, asks: null })) },
);

const garbageAuthorization = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer  x',
    'bearer abc',
    'Basic dXNlcjpwYXNz',
    'Bearer null',
    'Token abc',
    `Bearer ${'a'.repeat(10_000)}`,
  ),
  headerText.map((text) => `Bearer ${text}`),
  headerText,
);

const auth = (players: number): fc.Arbitrary<Auth> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min: 0, max: players - 1 }).map((slot) => ({ kind: 'player' as const, slot })) },
    { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 2, arbitrary: garbageAuthorization.map((value) => ({ kind: 'garbage' as const, value })) },
  );

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/xml',
  'application/octet-stream',
  'image/png',
  '*/*',
  ';',
] as const;
const wrongContentType = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...CONTENT_TYPES) }, { weight: 1, arbitrary: headerText });

const INVALID_UTF8 = [Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from([0xc0, 0xae]), Buffer.from('{"a":"\xed\xa0\x80"}', 'latin1')];

interface Body {
  readonly payload: string | Buffer | undefined;
  readonly contentType: string | undefined;
}

const json = (payload: string, contentType: string | undefined = 'application/json'): Body => ({ payload, contentType });
const stringify = (value: unknown) => JSON.stringify(value) ?? 'null';

function jsonBody(schema: SchemaNode): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 4, arbitrary: arbitraryOf(schema).map((value) => json(stringify(value))) },
    { weight: 4, arbitrary: mutatedArbitrary(schema).map((value) => json(stringify(value))) },
    { weight: 2, arbitrary: wrongValue.map((value) => json(stringify(value))) },
    { weight: 2, arbitrary: brokenJsonText.map((text) => json(text)) },
    { weight: 1, arbitrary: deepJsonText.map((text) => json(text)) },
    { weight: 1, arbitrary: fc.constantFrom(...INVALID_UTF8).map((bytes) => ({ payload: bytes, contentType: 'application/json' })) },
    { weight: 2, arbitrary: fc.tuple(arbitraryOf(schema), wrongContentType).map(([value, type]) => json(stringify(value), type)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { payload: undefined, contentType: 'application/json' },
        { payload: undefined, contentType: undefined },
      ),
    },
  );
}

function multipart(field: string, filename: string, type: string, content: Buffer, boundary = 'fuzzboundary'): Body {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    'latin1',
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: 'multipart/form-data; boundary=fuzzboundary',
  };
}

function multipartBody(schema: SchemaNode): fc.Arbitrary<Body> {
  const field = Object.keys(schema.properties ?? {})[0] ?? 'file';
  const filename = fc.oneof(
    fc.constantFrom('a.png', '../../etc/passwd', 'ፎቶ.png', 'a\u0000.png', ''),
    headerText.map((t) => t.replace(/"/g, '')),
  );
  const fileType = fc.constantFrom('image/png', 'image/jpeg', 'image/gif', 'text/html', 'application/octet-stream', '');
  const content = fc.oneof(
    fc.constant(TINY_PNG),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    fc.constant(Buffer.concat([TINY_PNG.subarray(0, 30), Buffer.alloc(30)])),
    fc.constant(Buffer.alloc(MULTIPART_LIMIT_BYTES + 1, 0x41)),
  );
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(filename, fileType, content).map(([name, type, bytes]) => multipart(field, name, type, bytes)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(hostileString, content)
        .map(([name, bytes]) => multipart(name.replace(/"/g, '').slice(0, 200), 'a.png', 'image/png', bytes)),
    },
    {
      weight: 1,
      arbitrary: content.map((bytes) => ({
        ...multipart(field, 'a.png', 'image/png', bytes, 'other'),
        contentType: 'multipart/form-data; boundary=fuzzboundary',
      })),
    },
    { weight: 1, arbitrary: jsonBody({}) },
  );
}

/** A body for an operation that takes none: usually nothing, sometimes something anyway. */
const strayBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Body>({ payload: undefined, contentType: undefined }) },
  { weight: 1, arbitrary: jsonBody({}) },
);

function bodyOf(operation: OperationSpec): fc.Arbitrary<Body> {
  const [type, schema] = [...operation.bodies][0] ?? [];
  if (!type || !schema) return strayBody;
  return type.startsWith('multipart/') ? multipartBody(schema) : jsonBody(schema);
}

function segment(param: ParameterSpec, realIds: readonly string[]): fc.Arbitrary<string> {
  const valid = arbitraryOf(param.schema).map((value) => encodeURIComponentLoosely(String(value)));
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    ...(realIds.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...realIds).map(encodeURIComponent) }] : []),
    { weight: 3, arbitrary: hostileSegment },
  );
}

function queryString(params: readonly ParameterSpec[]): fc.Arbitrary<string> {
  const values = params.map((param) =>
    fc
      .option(fc.oneof(arbitraryOf(param.schema).map(String), hostileString, fc.constantFrom('', 'true', '-1', '1e9', '0x10')), {
        nil: undefined,
      })
      .map((value) => (value === undefined ? [] : [`${encodeURIComponent(param.name)}=${encodeURIComponentLoosely(value)}`])),
  );
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant<string[]>([]) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(hostileString, hostileString)
        .map(([k, v]) => [`${encodeURIComponentLoosely(k)}=${encodeURIComponentLoosely(v)}`]),
    },
    { weight: 1, arbitrary: fc.constantFrom(['%00=%zz'], ['&&&='], ['a=1', 'a=2'], ['limit=1', 'limit=x'], ['__proto__[x]=1']) },
  );
  return fc.tuple(fc.tuple(...values), extra).map(([pairs, more]) => {
    const all = [...pairs.flat(), ...more];
    return all.length > 0 ? `?${all.join('&')}` : '';
  });
}

function urlOf(operation: OperationSpec, realIds: readonly string[]): fc.Arbitrary<string> {
  const segments = operation.pathParams.map((param) => segment(param, realIds).map((value) => [param.name, value] as const));
  return fc
    .tuple(fc.tuple(...segments), queryString(operation.query))
    .map(([values, query]) => values.reduce<string>((path, [name, value]) => path.replace(`{${name}}`, value), operation.path) + query);
}

function idempotencyKey(operation: OperationSpec): fc.Arbitrary<string | undefined> {
  const key = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_.:-]{1,100}$/), headerText);
  return sometimes(key, operation.honoursIdempotencyKey ? 1 : 9);
}

/** `value` once in `1 + absentWeight` tries, else undefined. */
const sometimes = <T>(value: fc.Arbitrary<T>, absentWeight: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: absentWeight, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value });

const contentEncoding = sometimes(fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x-garbage'), 11);

/** Requests aimed at `operation`; `realIds` are ids of things that exist (a room, a match, …). */
export function requestsFor(operation: OperationSpec, realIds: readonly string[], players: number): fc.Arbitrary<FuzzRequest> {
  const method = fc.oneof(
    { weight: 9, arbitrary: fc.constant(operation.method) },
    { weight: 1, arbitrary: fc.constantFrom(...HTTP_METHODS) },
  );
  return fc
    .record({
      method,
      url: urlOf(operation, realIds),
      auth: auth(players),
      language,
      body: bodyOf(operation),
      idempotency: idempotencyKey(operation),
      encoding: contentEncoding,
      remoteAddress: fc.ipV4(),
    })
    .map(({ method, url, auth, language, body, idempotency, encoding, remoteAddress }) => {
      const headers: Record<string, string> = {};
      if (language.header !== undefined) headers['accept-language'] = language.header;
      if (body.contentType !== undefined) headers['content-type'] = body.contentType;
      if (idempotency !== undefined) headers['idempotency-key'] = idempotency;
      if (encoding !== undefined) headers['content-encoding'] = encoding;
      const request: FuzzRequest = { method, url, auth, language, headers, payload: body.payload, remoteAddress };
      return Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request), enumerable: false });
    });
}

const SHOWN_CHARS = 300;
const shorten = (text: string) => (text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}… (${text.length} chars)` : text);

/** A counterexample as a person reads it: long values cut, the player named by slot. */
export function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? ` <${request.payload.length} bytes>`
        : ` ${JSON.stringify(shorten(request.payload))}`;
  const who =
    request.auth.kind === 'player'
      ? `player ${request.auth.slot}`
      : request.auth.kind === 'none'
        ? 'signed out'
        : `authorization ${JSON.stringify(shorten(request.auth.value))}`;
  const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${JSON.stringify(shorten(value))}`);
  return `${request.method} ${shorten(request.url)} [${who}; ${headers.join('; ')}; from ${request.remoteAddress}]${payload}`;
}
