import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DeadlineClock } from '../../../components/countdown.tsx';
import { GameStripSlot } from '../../../components/game-strip-slot.tsx';
import { Keyboard } from '../../../components/keyboard.tsx';
import { TypingHelp } from '../../../components/typing-help.tsx';
import { vibrate } from '../../../lib/vibration.ts';
import { useNameOf } from '../../../components/match/match-parts.tsx';
import { WordSlots } from '../../../components/word-slots.tsx';
import { KEYS_RETRY_MS } from '../../../config/constants.ts';
import { useApiQuery } from '../../../hooks/use-api-query.ts';
import { fetchHangmanOptions, type LanguageOptions } from '../../../lib/hangman/hangman-api.ts';
import type { TurnState } from '../../../lib/rooms/room-machine.ts';
import type { DuelView, RoomView } from '../../../lib/rooms/rooms-api.ts';
import { SetWordForm } from './set-word-form.tsx';
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
  const { keys, families } = useKeyboardOf(match.language);
  const mine = turn === 'guessing';
  const missed =
    match.missed ??
    (match.language === 'en' && match.slots
      ? match.guessed.filter((g) => !match.slots?.some((s) => s?.toLowerCase() === g.toLowerCase()))
      : []);
  const whose = match.phase === 'setting' ? match.setterId : match.currentPlayerId;
  // The word once it is set (the setter's own turn to type it comes first), and whether this player guesses it.
  const slots = turn !== 'setting' && match.phase !== 'setting' ? match.slots : null;
  const guessing = match.setterId !== me;
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
      {/* Beside the keyboard on a phone on its side (duel.css); in the board's column otherwise. */}
      <div className="duel-word-side">
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
          <SetWordForm
            language={match.language}
            busy={moving}
            usedWords={match.lastRounds.flatMap((r) => (r.word === null ? [] : [r.word]))}
            onSetWord={onSetWord}
          />
        ) : !slots ? (
          <p className="card muted" role="status">
            {t('game.waitingForWord', { name: nameOf(match.setterId) })}
          </p>
        ) : (
          <>
            <WordSlots slots={slots} language={match.language} />
            {match.word && !guessing && (
              <p className="muted small" data-testid="my-word">
                {t('game.yourWord')} <strong lang={match.language}>{match.word}</strong>
              </p>
            )}
            {guessing && (
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
            )}
          </>
        )}
      </div>
      {slots && guessing && (
        <>
          <Keyboard
            keys={keys}
            families={families}
            guessed={match.guessed}
            missed={missed}
            language={match.language}
            busy={!mine || moving}
            onKey={onGuess}
          />
          <TypingHelp language={match.language} />
        </>
      )}
    </div>
  );
}

/**
 * The keyboard of a language (Amharic: the fidel families, with their sound-alikes and every fidel), asked again until
 * it arrives (e.g. after a drop).
 */
function useKeyboardOf(language: 'en' | 'am'): Pick<LanguageOptions, 'keys' | 'families'> {
  const options = useApiQuery((signal) => fetchHangmanOptions(signal));
  const { status, reload } = options;
  useEffect(() => {
    if (status !== 'error') return;
    const id = setTimeout(reload, KEYS_RETRY_MS);
    return () => clearTimeout(id);
  }, [status, reload]);
  return options.data?.languages.find((l) => l.language === language) ?? { keys: [] };
}
