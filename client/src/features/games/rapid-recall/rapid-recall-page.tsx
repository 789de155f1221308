import { FairnessSeal } from '../../../components/fairness-seal.tsx';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RapidRecallPlay, type RapidRecallKind } from '@qal/events/contracts';
import { ArcadeCountdown, ArcadePage, ArcadeResult, ArcadeStart } from '../../../lib/arcade/arcade-parts.tsx';
import { useArcadeGame } from '../../../lib/arcade/use-arcade-game.ts';
import { ItemFace, useItemName } from './item-face.tsx';
import { KindPicker, RapidRecallBoard } from './rapid-recall-board.tsx';

const SLUG = 'rapid-recall';
/** The price the start button names before a game's view (which carries it) exists: the engine's RAPID_RECALL_COST_TOKENS. */
const COST_TOKENS = 8;
const KIND_DEFAULT: RapidRecallKind = 'mixed';
/** Asked this long after the view's next change, so the server (whose clock decides) has surely passed it. */
const CHANGE_GRACE_MS = 40;
/** A window that closed unanswered: ask again this often until the server has taken the life and moved on. */
const TIMED_OUT_POLL_MS = 1_000;

/** `/rapid-recall`: choose what to remember, pay, watch and repeat ever longer sequences, see the result. */
export default function RapidRecallPage() {
  const game = useArcadeGame(SLUG);
  const [kind, setKind] = useState<RapidRecallKind>(KIND_DEFAULT);
  const { view, phase, refresh, serverNow } = game;
  const play = useMemo(() => {
    const parsed = view ? RapidRecallPlay.safeParse(view.play) : null;
    return parsed?.success ? parsed.data : null;
  }, [view]);

  // The server shows the sequence item by item: ask it again at each instant the view changes by itself.
  const nextChangeAt = play?.nextChangeAt ?? null;
  const timedOut = play?.phase === 'timed_out';
  useEffect(() => {
    if (phase !== 'playing' || !view) return;
    const wait = nextChangeAt ? Math.max(0, Date.parse(nextChangeAt) - serverNow()) + CHANGE_GRACE_MS : timedOut ? TIMED_OUT_POLL_MS : null;
    if (wait === null) return;
    const timer = setTimeout(refresh, wait);
    return () => clearTimeout(timer);
  }, [phase, view, nextChangeAt, timedOut, refresh, serverNow]);

  return (
    <ArcadePage slug={SLUG} game={game}>
      {(phase === 'setup' || phase === 'starting') && (
        <ArcadeStart slug={SLUG} game={game} cost={COST_TOKENS} options={{ kind }}>
          <KindPicker value={kind} onChange={setKind} />
        </ArcadeStart>
      )}
      {phase === 'playing' && view && play && (
        <>
          <RapidRecallBoard
            play={play}
            busy={game.busy}
            countdown={<ArcadeCountdown deadline={play.inputClosesAt} game={game} />}
            onRecall={(round, items) => game.move({ type: 'recall', round, items })}
          />
          <FairnessSeal matchId={view.matchId} fairness={view.fairness} />
        </>
      )}
      {phase === 'over' && view && (
        <ArcadeResult view={view} game={game}>
          {play && <Summary play={play} />}
        </ArcadeResult>
      )}
    </ArcadePage>
  );
}

/** The finished game: the longest sequence recalled, and every round with its sequence. */
function Summary({ play }: { play: RapidRecallPlay }) {
  const { t } = useTranslation('rapid-recall');
  const itemName = useItemName();
  return (
    <div className="stack" data-testid="rapid-recall-summary">
      <p>
        {t('summary.longest')}: <strong data-testid="summary-longest">{play.longest}</strong>
        <span className="muted small"> · {t('summary.winLength', { count: play.winLength })}</span>
      </p>
      {play.rounds && play.rounds.length > 0 && (
        <details>
          <summary>{t('summary.rounds')}</summary>
          <ol className="rr-rounds">
            {play.rounds.map((round) => (
              <li key={round.round} className={round.outcome === 'right' ? 'rr-right' : 'rr-wrong'}>
                <span>
                  {t('summary.round', { round: round.round })} ({t(`summary.outcomes.${round.outcome}`)}
                  {round.points > 0 ? ` +${round.points}` : ''})
                </span>
                <span className="rr-sequence" aria-label={round.sequence.map(itemName).join(', ')}>
                  {round.sequence.map((id, i) => (
                    <ItemFace key={i} id={id} size="chip" />
                  ))}
                </span>
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}
