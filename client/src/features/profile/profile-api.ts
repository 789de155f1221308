import * as z from 'zod/mini';
import { ApiError, api } from '../../lib/api-client.ts';
import { userSchema, type User } from '../../lib/auth/user.ts';

export type ProfileChanges = { name?: string; username?: string; email?: string; language?: 'en' | 'am' };

export function updateProfile(changes: ProfileChanges): Promise<User> {
  return api.request('/user', userSchema, { method: 'PUT', body: changes, requireSession: true });
}

const usernameCheckSchema = z.object({ available: z.boolean(), message: z.string() });
export type UsernameCheck = z.infer<typeof usernameCheckSchema>;

export function checkUsername(username: string, signal?: AbortSignal): Promise<UsernameCheck> {
  return api.request('/user/username/check', usernameCheckSchema, { method: 'POST', body: { username }, signal });
}

export function uploadAvatar(file: File): Promise<User> {
  const form = new FormData();
  form.append('avatar', file);
  return api.request('/user/avatar', userSchema, { method: 'POST', form, requireSession: true });
}

/** Ends every session of the player, this one too (their sockets close on every server). */
export async function signOutEverywhere(): Promise<void> {
  await api.request('/auth/logout-all', z.object({ sessions: z.number() }), { method: 'POST', requireSession: true });
}

const fieldErrorsSchema = z.object({ fields: z.record(z.string(), z.string()) });

/** Per-field messages from a 400 'Validation Failed' answer. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const parsed = fieldErrorsSchema.safeParse(error.data);
  return parsed.success ? parsed.data.fields : {};
}
