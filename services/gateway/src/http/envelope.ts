import type { FastifyReply, FastifyRequest } from 'fastify';
import { responseLanguage } from './language.ts';
import { MESSAGES, rejectionInfo, rejectionMessage, type Lang, type MessageKey } from './rejections.ts';

/** `{success, data, message}`: the shape of every API answer. */
export interface SuccessEnvelope<T> {
  readonly success: true;
  readonly data: T;
  readonly message?: string;
}

export interface FailureEnvelope {
  readonly success: false;
  readonly code: string;
  readonly message: string;
  readonly data?: Record<string, unknown>;
}

export const requestLanguage = (request: FastifyRequest): Lang =>
  responseLanguage(request.headers['accept-language'], request.user?.language ?? null);

export function success<T>(request: FastifyRequest, data: T, messageKey?: MessageKey): SuccessEnvelope<T> {
  return messageKey ? { success: true, data, message: MESSAGES[messageKey][requestLanguage(request)] } : { success: true, data };
}

export function failure(code: string, lang: Lang, data?: Record<string, unknown>): { status: number; body: FailureEnvelope } {
  const info = rejectionInfo(code);
  const message = rejectionMessage(code, lang, data);
  const body: FailureEnvelope =
    data && Object.keys(data).length > 0 ? { success: false, code, message, data } : { success: false, code, message };
  return { status: info.status, body };
}

export function sendFailure(request: FastifyRequest, reply: FastifyReply, code: string, data?: Record<string, unknown>) {
  const { status, body } = failure(code, requestLanguage(request), data);
  return reply.code(status).send(body);
}
