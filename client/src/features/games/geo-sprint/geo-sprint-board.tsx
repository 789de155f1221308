import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GEO_SPRINT_CATEGORY_CHOICES,
  type GeoSprintCategoryChoice,
  type GeoSprintHints,
  type GeoSprintPlay,
  type GeoSprintQuestion,
  type GeoSprintResult,
} from '@qal/events/contracts';
import { OPTION_LETTERS, choiceOfKey, stageOf } from './geo-sprint-stage.ts';
import './geo-sprint.css';

export type Language = 'en' | 'am';

/** The start's one option: which questions the round asks. */
export function CategoryPicker({
  value,
  onChange,
}: {
  value: GeoSprintCategoryChoice;
  onChange: (value: GeoSprintCategoryChoice) => void;
}) {
  const { t } = useTranslation('geo-sprint');
  return (
    <fieldset className="geo-categories">
      <legend>{t('category.label')}</legend>
      {GEO_SPRINT_CATEGORY_CHOICES.map((choice) => (
        <label key={choice} className={choice === value ? 'geo-category geo-category-chosen' : 'geo-category'}>
          <input
            type="radio"
            name="geo-category"
            value={choice}
            checked={choice === value}
            onChange={() => onChange(choice)}
            data-testid={`category-${choice}`}
          />
          <span>{t(`category.${choice}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

export interface BoardProps {
  play: GeoSprintPlay;
  language: Language;
  /** A move or a refresh is on its way: nothing can be sent. */
  busy: boolean;
  /** The server's clock, ms since the epoch. */
  now: number;
  /** The countdown to the current question's deadline (the shared one, on the server's clock). */
  countdown: ReactNode;
  onAnswer: (question: number, choice: number) => void;
  onFiftyFifty: (question: number) => void;
  onHint: (question: number) => void;
  onNext: () => void;
}

/** A round in play: the status bar, then the question with its four answers and the lifelines, or the last result. */
export function GeoSprintBoard(props: BoardProps) {
  const { play, language, busy, now, countdown, onAnswer, onNext } = props;
  const { t } = useTranslation('geo-sprint');
  const stage = stageOf(play, now);
  const answerable = stage.kind === 'question' && !busy ? stage.question : null;
  const canSkip = stage.kind === 'reveal' && !busy;
  const number = Math.min(play.position + 1, play.questionCount);

  // A physical keyboard: 1–4 or A–D answers, Enter goes on to the next question.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest('input, textarea, select')) return;
      const choice = choiceOfKey(event.key);
      if (answerable && choice !== null && !answerable.removed.includes(choice)) onAnswer(answerable.index, choice);
      // Enter on a focused button or link already does what it says.
      else if (canSkip && event.key === 'Enter' && !target?.closest('button, a')) onNext();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [answerable, canSkip, onAnswer, onNext]);

  return (
    <div className="geo-board" aria-busy={busy} data-testid="geo-board">
      <div className="geo-status">
        <span className="geo-progress" aria-label={t('progress', { number, count: play.questionCount })}>
          <span className="muted small">{t('question')}</span>{' '}
          <strong data-testid="geo-progress">
            {number}/{play.questionCount}
          </strong>
        </span>
        <span className="geo-score">
          <span className="muted small">{t('score')}</span> <strong data-testid="geo-score">{play.score}</strong>
        </span>
        <span className={play.streak >= 2 ? 'geo-streak geo-streak-hot' : 'geo-streak'} data-testid="geo-streak">
          {t('streak', { count: play.streak })}
        </span>
        {(stage.kind === 'question' || stage.kind === 'time_up') && countdown}
      </div>
      {(stage.kind === 'question' || stage.kind === 'time_up') && (
        <QuestionCard {...props} question={stage.question} timeUp={stage.kind === 'time_up'} />
      )}
      {stage.kind === 'reveal' && (
        <ResultCard
          result={stage.result}
          language={language}
          secondsToNext={Math.ceil(stage.msToNext / 1000)}
          onNext={canSkip ? onNext : null}
        />
      )}
      {stage.kind === 'waiting' && (
        <>
          {stage.result && <ResultCard result={stage.result} language={language} secondsToNext={0} onNext={null} />}
          <p className="muted geo-waiting" role="status">
            {t('waiting')}
          </p>
        </>
      )}
    </div>
  );
}

function QuestionCard({
  play,
  question,
  language,
  busy,
  timeUp,
  onAnswer,
  onFiftyFifty,
  onHint,
}: BoardProps & { question: GeoSprintQuestion; timeUp: boolean }) {
  const { t } = useTranslation('geo-sprint');
  const text = question[language];
  const locked = busy || timeUp;
  return (
    <article className="card geo-question" aria-labelledby="geo-question-text" data-testid="geo-question">
      <p className="geo-tags small muted">
        <span>{t(`category.${question.category}`)}</span> · <span>{t(`difficulty.${question.difficulty}`)}</span>
      </p>
      <h2 id="geo-question-text" className="geo-question-text" lang={language}>
        {text.question}
      </h2>
      {question.hint && <HintLine hints={question.hint} language={language} />}
      <ol className="geo-options">
        {text.options.map((option, index) => {
          const removed = question.removed.includes(index);
          return (
            <li key={index}>
              <button
                type="button"
                className={removed ? 'button geo-option geo-option-removed' : 'button geo-option'}
                disabled={locked || removed}
                onClick={() => onAnswer(question.index, index)}
                aria-label={removed ? t('optionRemoved', { letter: OPTION_LETTERS[index], text: option }) : undefined}
                data-testid={`option-${index}`}
              >
                <span className="geo-option-letter" aria-hidden="true">
                  {OPTION_LETTERS[index]}
                </span>
                <span className="geo-option-text" lang={language}>
                  {option}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      {timeUp ? (
        <p className="geo-time-up" role="status" data-testid="geo-time-up">
          {t('timeUp')}
        </p>
      ) : (
        <div className="geo-lifelines">
          <button
            type="button"
            className="button geo-lifeline"
            disabled={locked || !play.lifelines.fiftyFifty}
            onClick={() => onFiftyFifty(question.index)}
            aria-label={t('fiftyFiftyLabel')}
            data-testid="fifty-fifty"
          >
            {t('fiftyFifty')}
          </button>
          <button
            type="button"
            className="button geo-lifeline"
            disabled={locked || !play.lifelines.geoHint}
            onClick={() => onHint(question.index)}
            aria-label={t('hintLabel')}
            data-testid="geo-hint"
          >
            {t('hint')}
          </button>
        </div>
      )}
    </article>
  );
}

function HintLine({ hints, language }: { hints: GeoSprintHints; language: Language }) {
  const { t } = useTranslation('geo-sprint');
  // The clue is about this language's spelling of the answer, so its sentence is in this language too.
  const hint = hints[language];
  return (
    <p className="geo-hint" role="status" data-testid="geo-hint-text">
      <span aria-hidden="true">💡 </span>
      <span lang={language}>{t(`hintText.${hint.kind}`, { text: hint.text, lng: language })}</span>
    </p>
  );
}

/** A question's result: right, wrong or timed out, the answer, the points and the explanation. */
export function ResultCard({
  result,
  language,
  secondsToNext,
  onNext,
}: {
  result: GeoSprintResult;
  language: Language;
  secondsToNext: number;
  /** Ends the reveal; null when it cannot (busy, or already over). */
  onNext: (() => void) | null;
}) {
  const { t } = useTranslation('geo-sprint');
  const text = result[language];
  const verdict = result.correct ? 'right' : result.choice === null ? 'timedOut' : 'wrong';
  return (
    <article className={`card geo-result geo-result-${verdict}`} aria-live="polite" data-testid="geo-result">
      <h2 className="geo-verdict" data-testid="geo-verdict">
        <span aria-hidden="true">{result.correct ? '✓ ' : result.choice === null ? '⏱ ' : '✗ '}</span>
        {t(`result.${verdict}`)}
        {result.correct && <span className="geo-points"> {t('result.points', { count: result.points.total })}</span>}
      </h2>
      <p className="geo-question-again small muted" lang={language}>
        {text.question}
      </p>
      <p data-testid="geo-answer">
        {t('result.answer')} <strong lang={language}>{text.options[result.answer]}</strong>
      </p>
      {!result.correct && result.choice !== null && (
        <p className="muted">
          {t('result.yourAnswer')} <span lang={language}>{text.options[result.choice]}</span>
        </p>
      )}
      {result.correct && (
        <p className="small muted">
          {t('result.breakdown', { base: result.points.base, speed: result.points.speed, streak: result.points.streak })}
        </p>
      )}
      <p className="geo-explanation" lang={language} data-testid="geo-explanation">
        {text.explanation}
      </p>
      {onNext && (
        <button type="button" className="button button-primary button-block" onClick={onNext} data-testid="next-question">
          {t('result.next', { count: secondsToNext })}
        </button>
      )}
    </article>
  );
}

/** The finished round: right answers, the best streak, and every question with its answer and explanation. */
export function RoundSummary({ play, language }: { play: GeoSprintPlay; language: Language }) {
  const { t } = useTranslation('geo-sprint');
  return (
    <div className="stack geo-summary" data-testid="geo-summary">
      <dl className="geo-summary-figures">
        <div>
          <dt className="small muted">{t('summary.right')}</dt>
          <dd data-testid="summary-right">{t('summary.of', { right: play.right, count: play.questionCount })}</dd>
        </div>
        <div>
          <dt className="small muted">{t('summary.bestStreak')}</dt>
          <dd>{play.bestStreak}</dd>
        </div>
      </dl>
      <p className="small muted">{t('summary.needed', { count: play.rightToWin })}</p>
      <details>
        <summary>{t('summary.questions')}</summary>
        <ol className="geo-summary-list">
          {play.results.map((result) => (
            <li key={result.index} className={result.correct ? 'geo-summary-right' : 'geo-summary-wrong'}>
              <p lang={language}>
                <span aria-hidden="true">{result.correct ? '✓ ' : '✗ '}</span>
                {result[language].question}
              </p>
              <p className="small">
                {t('result.answer')} <strong lang={language}>{result[language].options[result.answer]}</strong>
                {result.correct ? ` · ${t('result.points', { count: result.points.total })}` : ''}
              </p>
              <p className="small muted" lang={language}>
                {result[language].explanation}{' '}
                <a href={result.source} target="_blank" rel="noreferrer noopener">
                  {t('summary.source')}
                </a>
              </p>
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}
