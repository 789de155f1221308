import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useParams } from 'react-router';
import * as z from 'zod/mini';
import { LoadError } from '../../components/error-message.tsx';
import { BackToLobby } from '../../components/match/match-parts.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { useDocumentMeta } from '../../hooks/use-document-meta.ts';
import type { GameRegistry } from '../../lib/games/registry.tsx';
import { fetchRawReplay, fetchRoom } from '../../lib/rooms/rooms-api.ts';
import './multiplayer.css';

type Names = Record<string, string>;

/** What every game's replay has: its players (named when the server names them) and steps whose views say the game. */
const replayShape = z.object({
  players: z.optional(z.array(z.object({ id: z.string(), name: z.optional(z.nullable(z.string())) }))),
  steps: z.array(z.object({ view: z.optional(z.object({ mode: z.optional(z.string()), roomCode: z.optional(z.string()) })) })),
});

/** The replay, which game's it is, and the players' names: from the replay when sent, else from its room. */
async function loadReplay(matchId: string, signal: AbortSignal): Promise<{ raw: unknown; mode: string | null; names: Names }> {
  const raw = await fetchRawReplay(matchId, signal);
  const shape = replayShape.safeParse(raw);
  if (!shape.success) return { raw, mode: null, names: {} };
  const names: Names = {};
  for (const p of shape.data.players ?? []) if (p.name) names[p.id] = p.name;
  const first = shape.data.steps[0]?.view;
  if (Object.keys(names).length === 0 && first?.roomCode) {
    const room = await fetchRoom(first.roomCode, signal).catch(() => null);
    for (const p of room?.room.players ?? []) if (p.name || p.username) names[p.id] = p.name ?? p.username ?? '';
  }
  return { raw, mode: first?.mode ?? null, names };
}

/** `/multiplayer/replay/{matchId}`: a finished match, move by move, in the replay view of its game (app/game-registry.ts). */
export function ReplayPage() {
  const { matchId = '' } = useParams();
  const { t } = useTranslation('multiplayer');
  useDocumentMeta(t('replay.title'), t('lobby.metaDescription'));
  // The game registry (app/game-registry.ts), which this page's route loads for it.
  const games = useLoaderData() as GameRegistry;
  const data = useApiQuery((signal) => loadReplay(matchId, signal), [matchId]);
  if (data.status === 'loading') return <PageSkeleton />;
  if (data.status === 'error')
    return (
      <section className="page mp-page">
        <h1>{t('replay.title')}</h1>
        <LoadError error={data.error} onRetry={data.reload} />
        <BackToLobby />
      </section>
    );
  const Replay = data.data.mode === null ? null : games.replay(data.data.mode)?.Component;
  if (!Replay)
    return (
      <section className="page mp-page">
        <h1>{t('replay.title')}</h1>
        <p className="card muted">{t('replay.empty')}</p>
        <BackToLobby />
      </section>
    );
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Replay key={matchId} raw={data.data.raw} names={data.data.names} />
    </Suspense>
  );
}
