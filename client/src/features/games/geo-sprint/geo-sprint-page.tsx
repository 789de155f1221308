import { FairnessSeal } from '../../../components/fairness-seal.tsx';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { GeoSprintPlay, type GeoSprintCategoryChoice } from '@qal/events/contracts';
import { useLocale } from '../../../components/locale-link.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { ArcadeCountdown, ArcadePage, ArcadeResult, ArcadeStart } from '../../../lib/arcade/arcade-parts.tsx';
import { useArcadeGame } from '../../../lib/arcade/use-arcade-game.ts';
import { CategoryPicker, GeoSprintBoard, ResultCard, RoundSummary } from './geo-sprint-board.tsx';

const SLUG = 'geo-sprint';
/** The price the start button names before a game's view (which carries it) exists: the engine's GEO_SPRINT_COST_TOKENS. */
const COST_TOKENS = 8;
const CATEGORY_DEFAULT: GeoSprintCategoryChoice = 'mixed';
/** Asked a little after the next question's show time, so the server's clock has surely passed it too. */
const SHOW_GRACE_MS = 150;

/** `/geo-sprint`: choose the questions, pay, answer ten against the clock, read each answer, see the result. */
export default function GeoSprintPage() {
  const game = useArcadeGame(SLUG);
  const language = useLocale() === 'am' ? 'am' : 'en';
  const [category, setCategory] = useState<GeoSprintCategoryChoice>(CATEGORY_DEFAULT);
  const { view, phase, refresh, serverNow } = game;
  const play = useMemo(() => {
    const parsed = view ? GeoSprintPlay.safeParse(view.play) : null;
    return parsed?.success ? parsed.data : null;
  }, [view]);
  useNow(phase === 'playing', 250);

  // The next question shows when its result's reveal ends: the server puts it in the view from then, so ask it then.
  const nextAt = phase === 'playing' ? (play?.nextAt ?? null) : null;
  useEffect(() => {
    if (!nextAt) return;
    const timer = setTimeout(refresh, Math.max(0, Date.parse(nextAt) - serverNow()) + SHOW_GRACE_MS);
    return () => clearTimeout(timer);
  }, [nextAt, refresh, serverNow]);

  const { move } = game;
  const onAnswer = useCallback((question: number, choice: number) => move({ type: 'answer', question, choice }), [move]);
  const onFiftyFifty = useCallback((question: number) => move({ type: 'fifty_fifty', question }), [move]);
  const onHint = useCallback((question: number) => move({ type: 'geo_hint', question }), [move]);
  const onNext = useCallback(() => move({ type: 'next_question' }), [move]);

  const last = play?.results.at(-1);
  return (
    <ArcadePage slug={SLUG} game={game}>
      {(phase === 'setup' || phase === 'starting') && (
        <ArcadeStart slug={SLUG} game={game} cost={COST_TOKENS} options={{ category }}>
          <CategoryPicker value={category} onChange={setCategory} />
        </ArcadeStart>
      )}
      {phase === 'playing' && view && play && (
        <>
          <GeoSprintBoard
            play={play}
            language={language}
            busy={game.busy}
            now={serverNow()}
            countdown={<ArcadeCountdown deadline={play.current?.deadline ?? null} game={game} />}
            onAnswer={onAnswer}
            onFiftyFifty={onFiftyFifty}
            onHint={onHint}
            onNext={onNext}
          />
          <FairnessSeal matchId={view.matchId} fairness={view.fairness} />
        </>
      )}
      {phase === 'over' && view && (
        <ArcadeResult view={view} game={game}>
          {last && <ResultCard result={last} language={language} secondsToNext={0} onNext={null} />}
          {play && <RoundSummary play={play} language={language} />}
        </ArcadeResult>
      )}
    </ArcadePage>
  );
}
