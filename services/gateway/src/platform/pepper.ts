import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The OTP pepper of the embedded mode when none is configured: generated once and kept beside the data, so
 * codes sent before a restart still verify after it. (Distributed mode requires OTP_PEPPER: every gateway
 * must share it.)
 */
export async function loadOrCreatePepper(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'otp-pepper');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const pepper = randomBytes(32).toString('hex');
  // `wx`: if another process created it meanwhile, keep theirs.
  try {
    await writeFile(file, `${pepper}\n`, { mode: 0o600, flag: 'wx' });
    return pepper;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
