import { describe, expect, it } from 'vitest';
import { checkAvatarFile } from './avatar-check.ts';

describe('avatar file check', () => {
  it('accepts JPG, PNG and GIF up to 2 MB', () => {
    expect(checkAvatarFile({ type: 'image/jpeg', size: 2 * 1024 * 1024 })).toBeNull();
    expect(checkAvatarFile({ type: 'image/png', size: 10 })).toBeNull();
    expect(checkAvatarFile({ type: 'image/gif', size: 10 })).toBeNull();
  });

  it('rejects larger files and other types', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('avatar_too_large');
    expect(checkAvatarFile({ type: 'image/webp', size: 10 })).toBe('avatar_unsupported_type');
    expect(checkAvatarFile({ type: 'application/pdf', size: 10 })).toBe('avatar_unsupported_type');
  });
});
