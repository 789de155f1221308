import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeadlineClock } from '../../../components/countdown.tsx';
import { GameStripSlot } from '../../../components/game-strip-slot.tsx';
import { Keyboard } from '../../../components/keyboard.tsx';
import { vibrate } from '../../../lib/vibration.ts';
import { useNameOf } from '../../../components/match/match-parts.tsx';
import { WordSlots } from '../../../components/word-slots.tsx';
import { KEYS_RETRY_MS } from '../../../config/constants.ts';
import { useApiQuery } from '../../../hooks/use-api-query.ts';
import { fetchHangmanOptions } from '../../../lib/hangman/hangman-api.ts';
import type { TurnState } from '../../../lib/rooms/room-machine.ts';
import type { DuelView, RoomView } from '../../../lib/rooms/rooms-api.ts';
import './duel.css';

export function Board({
  room,
  match,
  me,
  turn,
  moving,
  onGuess,
  onHint,
  onSetWord,
}: {
  room: RoomView;
  match: DuelView;
  me: string;
  turn: TurnState;
  moving: boolean;
  onGuess: (letter: string) => void;
  onHint: () => void;
  onSetWord: (word: string) => void;
}) {
  const { t } = useTranslation('multiplayer');
  const nameOf = useNameOf(room);
  const keys = useKeys(match.language);
  const mine = turn === 'guessing';
  const missed =
    match.missed ??
    (match.language === 'en' && match.slots
      ? match.guessed.filter((g) => !match.slots?.some((s) => s?.toLowerCase() === g.toLowerCase()))
      : []);
  const whose = match.phase === 'setting' ? match.setterId : match.currentPlayerId;
  const myMove = mine || turn === 'setting';
  // The turn coming to me: a buzz, when the player turned vibration on.
  useEffect(() => {
    if (myMove) vibrate('turn');
  }, [myMove, match.round]);

  return (
    <div className="stack mp-board" aria-busy={moving}>
      {/* In the game strip while the match has the whole screen; the turn's start is read out (aria-live). */}
      <GameStripSlot>
        <div className="row row-between mp-status-bar">
          <p className={mine || turn === 'setting' ? 'mp-turn mp-turn-mine' : 'mp-turn'} data-testid="whose-turn" aria-live="polite">
            {turn === 'setting'
              ? t('game.yourTurnToSet')
              : mine
                ? t('game.yourTurn')
                : match.phase === 'setting'
                  ? t('game.choosing', { name: nameOf(whose) })
                  : t('game.theirTurn', { name: nameOf(whose) })}
          </p>
          <DeadlineClock deadline={match.turnDeadline} label={t('game.turnTime')} />
        </div>
      </GameStripSlot>
      <div className="row mp-counters">
        <span className="badge" data-testid="lives-left">
          {t('game.lives', { count: match.livesLeft })}
        </span>
        <span className="badge" data-testid="room-hints-left">
          {t('game.hintsLeft', { count: match.hintsLeft })}
        </span>
        {match.matchDeadline && <DeadlineClock deadline={match.matchDeadline} label={t('game.matchTime')} urgentBelowSec={30} />}
      </div>

      {turn === 'setting' ? (
        <SetWordForm language={match.language} busy={moving} onSetWord={onSetWord} />
      ) : match.phase === 'setting' || !match.slots ? (
        <p className="card muted" role="status">
          {t('game.waitingForWord', { name: nameOf(match.setterId) })}
        </p>
      ) : (
        <>
          <WordSlots slots={match.slots} language={match.language} />
          {match.word && match.setterId === me && (
            <p className="muted small" data-testid="my-word">
              {t('game.yourWord')} <strong lang={match.language}>{match.word}</strong>
            </p>
          )}
          {match.setterId !== me && (
            <>
              <div className="row">
                <button
                  type="button"
                  className="button"
                  disabled={!mine || match.hintsLeft === 0}
                  aria-disabled={moving || undefined}
                  onClick={onHint}
                >
                  {match.hintsLeft > 0 ? t('game.hint', { count: match.hintsLeft }) : t('game.noHints')}
                </button>
                {moving && <span className="muted small">{t('game.sending')}</span>}
              </div>
              <Keyboard
                keys={keys}
                guessed={match.guessed}
                missed={missed}
                language={match.language}
                busy={!mine || moving}
                onKey={onGuess}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}

function SetWordForm({ language, busy, onSetWord }: { language: 'en' | 'am'; busy: boolean; onSetWord: (word: string) => void }) {
  const { t } = useTranslation('multiplayer');
  const [word, setWord] = useState('');
  return (
    <form
      className="card stack"
      aria-labelledby="set-word-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (word.trim()) onSetWord(word);
      }}
    >
      <h2 id="set-word-title" className="section-title">
        {t('game.setWordTitle')}
      </h2>
      <div className="field">
        <label className="field-label" htmlFor="secret-word">
          {t('game.secretWord')}
        </label>
        <input
          id="secret-word"
          className="input mp-word-input"
          lang={language}
          value={word}
          onChange={(event) => setWord(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          aria-describedby="set-word-hint"
          autoFocus
        />
        <span id="set-word-hint" className="field-hint">
          {t(language === 'am' ? 'game.rulesAm' : 'game.rulesEn')}
        </span>
      </div>
      <button type="submit" className="button button-primary" disabled={busy || word.trim() === ''}>
        {busy ? t('game.sending') : t('game.setWord')}
      </button>
    </form>
  );
}

/** The keyboard's keys for a language (Amharic: the fidel families), asked again until they arrive (e.g. after a drop). */
function useKeys(language: 'en' | 'am'): readonly string[] {
  const options = useApiQuery((signal) => fetchHangmanOptions(signal));
  const { status, reload } = options;
  useEffect(() => {
    if (status !== 'error') return;
    const id = setTimeout(reload, KEYS_RETRY_MS);
    return () => clearTimeout(id);
  }, [status, reload]);
  return options.data?.languages.find((l) => l.language === language)?.keys ?? [];
}
