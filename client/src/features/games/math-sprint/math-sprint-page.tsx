import { FairnessSeal } from '../../../components/fairness-seal.tsx';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MathSprintPlay, type MathSprintLevel } from '@qal/events/contracts';
import { ArcadeCountdown, ArcadePage, ArcadeResult, ArcadeStart } from '../../../lib/arcade/arcade-parts.tsx';
import { useArcadeGame } from '../../../lib/arcade/use-arcade-game.ts';
import { OPERATION_SIGNS } from './entry.ts';
import { LevelPicker, MathSprintBoard } from './math-sprint-board.tsx';

const SLUG = 'math-sprint';
/** The price the start button names before a game's view (which carries it) exists: the engine's MATH_SPRINT_COST_TOKENS. */
const COST_TOKENS = 10;
const LEVEL_DEFAULT: MathSprintLevel = 'medium';
/** The time is up but the server has not closed the game yet: ask again this often until it has. */
const TIME_UP_POLL_MS = 1_000;

/** `/math-sprint`: choose a level, pay, answer as many problems as the minute allows, see the result. */
export default function MathSprintPage() {
  const game = useArcadeGame(SLUG);
  const [level, setLevel] = useState<MathSprintLevel>(LEVEL_DEFAULT);
  const { view } = game;
  const play = useMemo(() => {
    const parsed = view ? MathSprintPlay.safeParse(view.play) : null;
    return parsed?.success ? parsed.data : null;
  }, [view]);

  const { phase, refresh } = game;
  const timeUp = phase === 'playing' && play !== null && play.current === null;
  useEffect(() => {
    if (!timeUp) return;
    const timer = setTimeout(refresh, TIME_UP_POLL_MS);
    return () => clearTimeout(timer);
  }, [timeUp, view, refresh]);

  return (
    <ArcadePage slug={SLUG} game={game}>
      {(game.phase === 'setup' || game.phase === 'starting') && (
        <ArcadeStart slug={SLUG} game={game} cost={COST_TOKENS} options={{ level }}>
          <LevelPicker value={level} onChange={setLevel} />
        </ArcadeStart>
      )}
      {game.phase === 'playing' && view && play && (
        <>
          <MathSprintBoard
            play={play}
            busy={game.busy}
            countdown={<ArcadeCountdown deadline={play.endsAt} game={game} />}
            serverNow={game.serverNow}
            onAnswer={(problem, value) => game.move({ type: 'math_answer', problem, value })}
          />
          <FairnessSeal matchId={view.matchId} fairness={view.fairness} />
        </>
      )}
      {game.phase === 'over' && view && (
        <ArcadeResult view={view} game={game}>
          {play && <Summary play={play} />}
        </ArcadeResult>
      )}
    </ArcadePage>
  );
}

/** The finished game in figures, and every answer with the right one. */
function Summary({ play }: { play: MathSprintPlay }) {
  const { t } = useTranslation('math-sprint');
  const answers = play.answers ?? [];
  return (
    <div className="stack" data-testid="math-sprint-summary">
      <dl className="math-sprint-summary">
        <div>
          <dt className="small muted">{t('summary.right')}</dt>
          <dd data-testid="summary-right">{play.right}</dd>
        </div>
        <div>
          <dt className="small muted">{t('summary.answered')}</dt>
          <dd data-testid="summary-answered">{play.answered}</dd>
        </div>
        <div>
          <dt className="small muted">{t('summary.bestStreak')}</dt>
          <dd>{play.bestStreak}</dd>
        </div>
      </dl>
      {answers.length > 0 && (
        <details>
          <summary>{t('summary.answers')}</summary>
          <ol className="math-sprint-answers">
            {answers.map((a) => (
              <li key={a.index} className={a.right ? 'math-sprint-right' : 'math-sprint-wrong'}>
                {a.x} {OPERATION_SIGNS[a.op]} {a.y} = {a.answer}
                {a.right ? ` ✓ +${a.points}` : ` ✗ (${t('summary.yourAnswer', { value: a.value })})`}
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}
