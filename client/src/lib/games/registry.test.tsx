import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import '../i18n.ts';
import { defineGames, type GameManifest, type ReplayProps, type RoomGameProps } from './registry.tsx';

/** A game that exists only here: adding a game to the client is its manifest and one entry in the list. */
function TallyTable({ room }: RoomGameProps) {
  return <p>Tally table of {room.code}</p>;
}
function TallyReplay({ names }: ReplayProps) {
  return <p>Tally replay with {Object.values(names).join(', ')}</p>;
}
const tally: GameManifest = {
  slug: 'tally',
  namespaces: [],
  room: { game: 'tally', load: async () => ({ default: TallyTable }) },
  replay: { mode: 'tally', load: async () => ({ default: TallyReplay }) },
};

describe('the client game registry', () => {
  it('serves a registered game’s room table and replay, and nothing for a game it does not list', async () => {
    const games = defineGames([tally]);
    expect(games.roomGame('crazy')).toBeNull();
    expect(games.play('tally')).toBeNull();

    const table = games.roomGame('tally')!;
    await table.preload();
    expect(table.loaded()).toBe(TallyTable);

    const Replay = games.replay('tally')!.Component;
    render(
      <Suspense fallback={<p>loading</p>}>
        <Replay raw={{}} names={{ a: 'Almaz', b: 'Dawit' }} />
      </Suspense>,
    );
    expect(await screen.findByText('Tally replay with Almaz, Dawit')).toBeTruthy();
  });
});
