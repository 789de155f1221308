/**
 * The only impure part of fairness: drawing fresh seeds from the operating system's CSPRNG. Kept apart from
 * fairness.ts so a decider, which imports the pure half, has nothing here to call; the engine's shell draws a seed
 * at a game's start, stores it in the match stream and publishes only its commitment.
 */
import { randomBytes } from 'node:crypto';
import { SERVER_SEED_BYTES } from './fairness.ts';

/** Bytes behind a default client seed: 128 bits, enough that two players never share one by chance. */
export const CLIENT_SEED_DEFAULT_BYTES = 16;

/** A new secret server seed: 32 random bytes as 64 lowercase hex characters. */
export function newServerSeed(): string {
  return randomBytes(SERVER_SEED_BYTES).toString('hex');
}

/** A player's default client seed: 16 random bytes in base64url (22 characters of [A-Za-z0-9_-]). */
export function newClientSeed(): string {
  return randomBytes(CLIENT_SEED_DEFAULT_BYTES).toString('base64url');
}
