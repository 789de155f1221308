import { useTranslation } from 'react-i18next';
import { Countdown } from '../../../components/countdown.tsx';
import { FairnessSeal } from '../../../components/fairness-seal.tsx';
import { Keyboard } from '../../../components/keyboard.tsx';
import { ResultSheet } from '../../../components/result-sheet.tsx';
import { TypingHelp } from '../../../components/typing-help.tsx';
import { WordSlots } from '../../../components/word-slots.tsx';
import { pickLocalized } from '../../../lib/games/games-api.ts';
import type { HangmanOptions, HangmanView } from '../../../lib/hangman/hangman-api.ts';
import { HangmanDrawing } from './hangman-drawing.tsx';

/**
 * The game in play and its result: loaded apart from the page (hangman-page.tsx), so the first screen, the setup,
 * does not wait for the keyboard, the clock and the result sheet; the page asks for this file once it is drawn.
 */

const LIVES = 7;

export function GameBoard({
  view,
  options,
  busy,
  serverOffsetMs,
  locale,
  onKey,
  onHint,
  onTimeUp,
}: {
  view: HangmanView;
  options: HangmanOptions;
  busy: boolean;
  serverOffsetMs: number;
  locale: string;
  onKey: (key: string) => void;
  onHint: () => void;
  onTimeUp: () => void;
}) {
  const { t } = useTranslation('hangman');
  const forLanguage = options.languages.find((l) => l.language === view.language);
  const category = forLanguage?.categories.find((c) => c.id === view.category);
  const difficulty = forLanguage?.difficulties.find((d) => d.id === view.difficulty);
  return (
    <div className="hangman-board" data-testid="hangman-board" aria-busy={busy}>
      {/* Beside the keyboard on a phone on its side (hangman.css); in the board's column otherwise. */}
      <div className="hangman-word-side">
        <div className="row-between hangman-status">
          <span className="badge">
            {category ? pickLocalized(category.label, locale) : view.category} ·{' '}
            {difficulty ? pickLocalized(difficulty.label, locale) : view.difficulty}
          </span>
          <Countdown deadline={view.deadline} serverOffsetMs={serverOffsetMs} active onTimeUp={onTimeUp} />
        </div>
        <div className="hangman-stage">
          <HangmanDrawing wrong={view.wrongGuesses} max={view.wrongGuesses + view.livesLeft || LIVES} />
          <p className="hangman-lives" data-testid="lives-left">
            {t('game.livesLeft', { count: view.livesLeft })}
          </p>
        </div>
        <WordSlots slots={view.slots} language={view.language} />
        <div className="row hangman-actions">
          <button
            type="button"
            className="button"
            onClick={onHint}
            disabled={view.hintsLeft === 0 || view.lastLetterLeft === true}
            aria-disabled={busy || undefined}
            data-testid="hint"
          >
            {view.hintsLeft === 0
              ? t('game.noHints')
              : view.lastLetterLeft
                ? t('game.lastLetterYours')
                : t('game.hint', { count: view.hintsLeft })}
          </button>
          {busy && <span className="muted small">{t('game.sending')}</span>}
        </div>
      </div>
      <Keyboard
        keys={forLanguage?.keys ?? []}
        families={forLanguage?.families}
        guessed={view.guessed}
        missed={view.missed}
        language={view.language}
        busy={busy}
        onKey={onKey}
      />
      <TypingHelp language={view.language} />
      <FairnessSeal matchId={view.matchId} fairness={view.fairness} />
    </div>
  );
}

export function ResultPanel({
  view,
  onPlayAgain,
  onChangeSetup,
}: {
  view: HangmanView;
  onPlayAgain: () => void;
  onChangeSetup: () => void;
}) {
  const { t, i18n } = useTranslation('hangman');
  const number = new Intl.NumberFormat(i18n.language);
  const won = view.status === 'won';
  return (
    <ResultSheet
      won={won}
      testId="result"
      title={won ? t('result.won') : view.lossReason === 'time' ? t('result.lostTime') : t('result.lost')}
    >
      <div>
        <span className="muted small">{t('result.theWordWas')}</span>
        <p className="hangman-result-word" lang={view.language} data-testid="result-word">
          {view.word}
        </p>
      </div>
      <dl className="hangman-result-figures">
        <div>
          <dt>{t('result.score')}</dt>
          <dd data-testid="result-score">{number.format(view.score ?? 0)}</dd>
        </div>
        <div>
          <dt>{t('result.tokens')}</dt>
          <dd data-testid="result-tokens">+{number.format(view.tokensWon ?? 0)}</dd>
        </div>
        <div>
          <dt>{t('result.xp')}</dt>
          <dd data-testid="result-xp">+{number.format(view.xpWon ?? 0)}</dd>
        </div>
      </dl>
      <FairnessSeal matchId={view.matchId} fairness={view.fairness} />
      <div className="row">
        <button type="button" className="button button-primary" onClick={onPlayAgain} data-testid="play-again">
          {t('result.playAgain')}
        </button>
        <button type="button" className="button" onClick={onChangeSetup} data-testid="change-setup">
          {t('result.changeSetup')}
        </button>
      </div>
    </ResultSheet>
  );
}
