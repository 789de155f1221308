import { LIMITS } from '../config.ts';

export const USERNAME_PATTERN = new RegExp(`^[A-Za-z0-9_]{${LIMITS.usernameMin},${LIMITS.usernameMax}}$`);

export const isValidUsername = (value: string) => USERNAME_PATTERN.test(value);

/** Usernames are unique ignoring case: "Abebe" and "abebe" are the same name. */
export const usernameKey = (value: string) => value.toLowerCase();
