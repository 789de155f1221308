import * as z from 'zod/mini';
import { API_BASE } from '../config/constants.ts';

/** A failed call, carrying the server's named rejection and its (already localised) message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: unknown;

  constructor(status: number, code: string, message: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

export const NETWORK_ERROR = 'network_error';
export const UNEXPECTED_RESPONSE = 'unexpected_response';
export const NOT_AUTHENTICATED = 'not_authenticated';

const failureEnvelope = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.optional(z.string()),
  data: z.optional(z.unknown()),
});
const successEnvelope = z.object({
  success: z.literal(true),
  data: z.unknown(),
  message: z.optional(z.string()),
});

export type ApiClientDeps = {
  baseUrl?: string;
  getToken: () => string | null;
  getLanguage: () => string;
  /** Called when a request that carried a token is answered 401: the session is gone. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
};

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  form?: FormData;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Refuse locally ('Not authenticated') instead of calling without a session. */
  requireSession?: boolean;
  /** Use this token instead of the current session's (e.g. revoking the session being left). */
  token?: string;
  /** For POSTs that move tokens: a retry with the same key has no second effect. */
  idempotencyKey?: string;
  /** Do not treat a 401 as "session expired" (e.g. logout of an already dead session). */
  ignoreUnauthorized?: boolean;
  signal?: AbortSignal;
};

export type ApiClient = {
  request<T>(path: string, schema: z.ZodMiniType<T>, options?: RequestOptions): Promise<T>;
};

/** The page's API requests under way, and who waits for there to be none (lib/first-screen.ts). */
let requestsInFlight = 0;
const settledListeners = new Set<() => void>();

export const apiRequestsInFlight = () => requestsInFlight;

/** Calls `listener` each time the last request under way is answered (or fails). */
export function onApiRequestsSettled(listener: () => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? API_BASE;
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function request<T>(path: string, schema: z.ZodMiniType<T>, options: RequestOptions = {}): Promise<T> {
    requestsInFlight += 1;
    try {
      return await send(path, schema, options);
    } finally {
      requestsInFlight -= 1;
      if (requestsInFlight === 0) for (const listener of settledListeners) listener();
    }
  }

  async function send<T>(path: string, schema: z.ZodMiniType<T>, options: RequestOptions): Promise<T> {
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': deps.getLanguage() });
    const token = options.auth === false ? null : (options.token ?? deps.getToken());
    if (options.requireSession && !token) throw new ApiError(0, NOT_AUTHENTICATED, '');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
    let body: BodyInit | undefined;
    if (options.form) {
      body = options.form;
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }

    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method: options.method ?? 'GET',
        headers,
        body,
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, NETWORK_ERROR, '');
    }

    const payload: unknown = await response.json().catch(() => undefined);

    if (!response.ok) {
      const failure = failureEnvelope.safeParse(payload);
      const error = failure.success
        ? new ApiError(response.status, failure.data.code, failure.data.message ?? '', failure.data.data)
        : new ApiError(response.status, UNEXPECTED_RESPONSE, '');
      if (response.status === 401 && token && !options.ignoreUnauthorized) deps.onUnauthorized();
      throw error;
    }

    const success = successEnvelope.safeParse(payload);
    if (!success.success) throw new ApiError(response.status, UNEXPECTED_RESPONSE, '');
    const data = schema.safeParse(success.data.data);
    if (!data.success) throw new ApiError(response.status, UNEXPECTED_RESPONSE, '', data.error.issues);
    return data.data;
  }

  return { request };
}

let configured: ApiClientDeps = {
  getToken: () => null,
  getLanguage: () => document.documentElement.lang || 'en',
  onUnauthorized: () => {},
};
const shared = createApiClient({
  getToken: () => configured.getToken(),
  getLanguage: () => configured.getLanguage(),
  onUnauthorized: () => configured.onUnauthorized(),
});

/** The app-wide client; the auth provider wires the token and the session-expired path at start. */
export const api: ApiClient = shared;

export function configureApi(deps: Partial<ApiClientDeps>): void {
  configured = { ...configured, ...deps };
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export function retryAfterSec(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const parsed = z.object({ retryAfterSec: z.number() }).safeParse(error.data);
  return parsed.success ? parsed.data.retryAfterSec : null;
}
