import * as z from 'zod/mini';
import { api } from '../api-client.ts';
import type { Locale } from '../../config/constants.ts';
import { userSchema, type User } from './user.ts';

const codeSentSchema = z.object({
  phone: z.string(),
  expiresInSec: z.number(),
  resendAfterSec: z.number(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

const signedInSchema = z.object({ user: userSchema, token: z.string(), isNew: z.optional(z.boolean()) });
export type SignedIn = z.infer<typeof signedInSchema>;

export function sendCode(input: { phone: string; language: Locale }): Promise<CodeSent> {
  return api.request('/auth/send-otp', codeSentSchema, { method: 'POST', auth: false, body: input });
}

export function verifyCode(input: { phone: string; otp: string; language: Locale; name?: string }): Promise<SignedIn> {
  const body: Record<string, string> = { phone: input.phone, otp: input.otp, language: input.language };
  const name = input.name?.trim();
  if (name) body.name = name;
  return api.request('/auth/verify-otp', signedInSchema, { method: 'POST', auth: false, body });
}

export function fetchCurrentUser(token: string): Promise<User> {
  return api.request('/user', userSchema, { token });
}

export async function revokeSession(token: string): Promise<void> {
  await api.request('/auth/logout', z.unknown(), {
    method: 'DELETE',
    token,
    ignoreUnauthorized: true,
    signal: AbortSignal.timeout(5000),
  });
}
