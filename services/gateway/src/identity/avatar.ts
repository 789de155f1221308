import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { LIMITS } from '../config.ts';
import { reject } from '../http/errors.ts';

export type ImageKind = 'jpeg' | 'png' | 'gif';

const startsWith = (buffer: Buffer, bytes: readonly number[]) => bytes.every((b, i) => buffer[i] === b);

/** The image type by its first bytes; the file name and the declared content type are never trusted. */
export function detectImageKind(buffer: Buffer): ImageKind | null {
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const head = buffer.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

/**
 * Re-encodes an upload to a 256×256 webp (EXIF orientation applied, then dropped with the rest of the
 * metadata). The magic bytes must say JPG, PNG or GIF and the decoder must agree, else 415.
 */
export async function renderAvatar(upload: Buffer): Promise<Buffer> {
  const kind = detectImageKind(upload);
  if (!kind) reject('avatar_unsupported_type');
  try {
    const image = sharp(upload, { limitInputPixels: LIMITS.avatarMaxInputPixels, failOn: 'error', animated: false });
    const { format } = await image.metadata();
    if (format !== kind) reject('avatar_unsupported_type');
    return await image.rotate().resize(LIMITS.avatarSizePx, LIMITS.avatarSizePx, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch (error) {
    if (error instanceof Error && error.name === 'Rejection') throw error;
    return reject('avatar_unsupported_type');
  }
}

export const AVATAR_URL_PREFIX = '/storage/avatars/';

/** Writes `<storage>/avatars/<userId>-<hash>.webp` and returns its public path. */
export async function saveAvatar(storageDir: string, userId: string, webp: Buffer): Promise<string> {
  const dir = path.join(storageDir, 'avatars');
  await mkdir(dir, { recursive: true });
  const file = `${userId}-${createHash('sha256').update(webp).digest('hex').slice(0, 16)}.webp`;
  await writeFile(path.join(dir, file), webp);
  return `${AVATAR_URL_PREFIX}${file}`;
}

/** Removes a replaced avatar; only files this module wrote (no path tricks) are ever touched. */
export async function removeAvatar(storageDir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const file = url.slice(AVATAR_URL_PREFIX.length);
  if (!/^[A-Za-z0-9-]+\.webp$/.test(file)) return;
  await rm(path.join(storageDir, 'avatars', file), { force: true });
}
