import { useEffect, useState } from 'react';
import { USERNAME_CHECK_DEBOUNCE_MS, USERNAME_PATTERN } from '../../config/constants.ts';
import { ApiError } from '../../lib/api-client.ts';
import { checkUsername } from './profile-api.ts';

export type UsernameStatus =
  | { kind: 'idle' }
  | { kind: 'invalid' }
  | { kind: 'checking' }
  | { kind: 'available'; message: string }
  | { kind: 'taken'; message: string }
  | { kind: 'error'; message: string };

/** Asks the server whether a username is free, 400 ms after the player stops typing. */
export function useUsernameCheck(username: string, current: string | null): UsernameStatus {
  const [status, setStatus] = useState<UsernameStatus>({ kind: 'idle' });
  const trimmed = username.trim();

  useEffect(() => {
    if (trimmed === '' || trimmed.toLowerCase() === (current ?? '').toLowerCase()) {
      setStatus({ kind: 'idle' });
      return;
    }
    if (!USERNAME_PATTERN.test(trimmed)) {
      setStatus({ kind: 'invalid' });
      return;
    }
    setStatus({ kind: 'checking' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkUsername(trimmed, controller.signal).then(
        (result) =>
          setStatus(result.available ? { kind: 'available', message: result.message } : { kind: 'taken', message: result.message }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setStatus({ kind: 'error', message: error instanceof ApiError ? error.message : '' });
        },
      );
    }, USERNAME_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, current]);

  return status;
}
