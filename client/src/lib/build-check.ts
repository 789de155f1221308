import * as z from 'zod/mini';
import { BUILD_CHECK_INTERVAL_MS } from '../config/constants.ts';

const versionFile = z.object({ buildId: z.string() });

/** Asks the server which build it serves; null when unknown (offline, dev server, bad file). */
export async function fetchDeployedBuildId(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchImpl(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return null;
    const parsed = versionFile.safeParse(await response.json());
    return parsed.success ? parsed.data.buildId : null;
  } catch {
    return null;
  }
}

/** Polls every few minutes and reports a newer deploy once. Returns a stop function. */
export function watchForNewBuild(options: {
  currentBuildId: string;
  onNewBuild: () => void;
  fetchBuildId?: () => Promise<string | null>;
  intervalMs?: number;
}): () => void {
  const fetchBuildId = options.fetchBuildId ?? (() => fetchDeployedBuildId());
  let reported = false;
  const check = async () => {
    if (reported || document.visibilityState === 'hidden') return;
    const deployed = await fetchBuildId();
    if (deployed && deployed !== options.currentBuildId && !reported) {
      reported = true;
      options.onNewBuild();
    }
  };
  const id = setInterval(() => void check(), options.intervalMs ?? BUILD_CHECK_INTERVAL_MS);
  return () => clearInterval(id);
}
