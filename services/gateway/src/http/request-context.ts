import type { FastifyRequest } from 'fastify';
import type { UserRecord } from '../identity/users.ts';
import { Rejection } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `authenticate` for routes that require it. */
    user: UserRecord | null;
    sessionToken: string | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The user of a route that requires sign-in (the auth hook has already run). */
export function currentUser(request: FastifyRequest): UserRecord {
  if (!request.user) throw new Rejection('unauthorized');
  return request.user;
}

export function idempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(trimmed))
    throw new Rejection('validation_failed', { fields: { 'Idempotency-Key': 'must be 1-100 letters, digits or - _ . :' } });
  return trimmed;
}
