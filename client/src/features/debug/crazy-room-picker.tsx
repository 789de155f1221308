import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { roomChannel } from '@qal/events/contracts';
import { ROOM_CODE_PATTERN } from '../../config/constants.ts';
import { fetchMyRooms, fetchOpenRooms } from '../../lib/rooms/rooms-api.ts';

const CRAZY = 'crazy';

/**
 * The signed-in player's first Crazy room, else the first open one. A room's channel is for its members and invited
 * players, so one of the player's own rooms is tried first: an open room of others is refused, as it should be.
 */
async function firstCrazyRoom(signal: AbortSignal): Promise<string | null> {
  for (const list of [fetchMyRooms, fetchOpenRooms]) {
    const room = (await list(signal)).find((candidate) => candidate.game === CRAZY);
    if (room) return room.code;
  }
  return null;
}

/** A Crazy room's code, typed or found, whose channel the page then follows. */
export function CrazyRoomPicker({ follow, signedIn }: { follow: (channel: string) => void; signedIn: boolean }) {
  const { t } = useTranslation('debug');
  const [code, setCode] = useState('');
  const [search, setSearch] = useState<'looking' | 'none' | 'done'>(signedIn ? 'looking' : 'done');

  useEffect(() => {
    if (!signedIn) return;
    const abort = new AbortController();
    setSearch('looking');
    firstCrazyRoom(abort.signal).then(
      (found) => {
        if (abort.signal.aborted) return;
        setSearch(found ? 'done' : 'none');
        if (!found) return;
        setCode(found);
        follow(roomChannel(found));
      },
      () => {
        if (!abort.signal.aborted) setSearch('none');
      },
    );
    return () => abort.abort();
  }, [follow, signedIn]);

  const typed = code.trim().toUpperCase();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ROOM_CODE_PATTERN.test(typed)) follow(roomChannel(typed));
  };

  return (
    <form className="card row" onSubmit={submit}>
      <input
        className="input grow"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        aria-label={t('test.roomCode')}
        placeholder={t('test.roomCode')}
        data-testid="crazy-room-code"
        spellCheck={false}
        autoCapitalize="characters"
      />
      <button type="submit" className="button button-primary" disabled={!ROOM_CODE_PATTERN.test(typed)}>
        {t('test.follow')}
      </button>
      {search !== 'done' && <p className="muted">{t(search === 'looking' ? 'test.lookingForRoom' : 'test.noRoom')}</p>}
    </form>
  );
}
