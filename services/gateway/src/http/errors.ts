import type { RejectionCode } from './rejections.ts';

/** A named rejection thrown from a handler and answered as a failure envelope by the error handler. */
export class Rejection extends Error {
  constructor(
    readonly code: RejectionCode | (string & {}),
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'Rejection';
  }
}

export function reject(code: RejectionCode | (string & {}), details?: Record<string, unknown>): never {
  throw new Rejection(code, details);
}
