import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../config/constants.ts';

export type AvatarProblem = 'avatar_too_large' | 'avatar_unsupported_type';

/** The same limits the server enforces (≤ 2 MB; JPG, PNG or GIF), checked before uploading. */
export function checkAvatarFile(file: { size: number; type: string }): AvatarProblem | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'avatar_unsupported_type';
  if (file.size > AVATAR_MAX_BYTES) return 'avatar_too_large';
  return null;
}
