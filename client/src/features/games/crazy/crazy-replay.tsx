import { useTranslation } from 'react-i18next';
import { BackToLobby } from '../../../components/match/match-parts.tsx';
import { ReplayControls, useReplayPlayer } from '../../../components/replay/replay-controls.tsx';
import type { ReplayProps } from '../../../lib/games/registry.tsx';
import { crazyReplaySchema, type CrazyReplayStep } from './crazy-api.ts';
import { isAceOfSpades, labelOfId, sortHand } from './crazy-cards.ts';
import { CrazyInstructions, ShownCard, SuitMark } from './crazy-parts.tsx';

type Names = Readonly<Record<string, string>>;

/** The replay of a finished Crazy match: every step, with every hand shown (the match is over). */
export default function CrazyReplay({ raw, names }: ReplayProps) {
  const { t } = useTranslation('multiplayer');
  const parsed = crazyReplaySchema.safeParse(raw);
  if (!parsed.success || parsed.data.steps.length === 0)
    return (
      <section className="page mp-page">
        <h1>{t('replay.title')}</h1>
        <p className="card muted">{t('replay.empty')}</p>
        <BackToLobby />
      </section>
    );
  return <Player steps={parsed.data.steps} names={names} />;
}

function Player({ steps, names }: { steps: readonly CrazyReplayStep[]; names: Names }) {
  const { t } = useTranslation('multiplayer');
  const { t: tc } = useTranslation('crazy');
  const [state, dispatch] = useReplayPlayer(steps.length);
  const nameOf = (id: string | null | undefined) => (id ? (names[id] ?? t('player.unknown')) : '');
  const describe = useDescribe();

  const step = steps[state.index]!;
  const view = step.view;
  const hands = view.hands ?? {};

  return (
    <section className="page mp-page crazy-page" aria-labelledby="replay-title" data-testid="replay">
      <header className="page-header">
        <h1 id="replay-title">
          {t('replay.title')} · {tc('title')}
        </h1>
      </header>
      <ReplayControls state={state} dispatch={dispatch} />

      <div className="card stack" data-testid="replay-step">
        <p data-testid="replay-caption">{describe(step, nameOf)}</p>
        <div className="crazy-stacks">
          <span className="crazy-top">{view.top && <ShownCard card={view.top} />}</span>
          <span className="crazy-facts">
            {view.suit && <SuitMark suit={view.suit} />}
            <span>{tc(`direction.${view.direction}`)}</span>
            <span>{tc('deck', { count: view.deckCount })}</span>
          </span>
        </div>
        {view.penalty > 0 && (
          <p className="crazy-penalty">
            {view.top && isAceOfSpades(view.top) ? tc('penaltyAce', { count: view.penalty }) : tc('penaltyTwo', { count: view.penalty })}
          </p>
        )}
        <h2 className="small muted">{tc('replay.hands')}</h2>
        <ul className="crazy-replay-hands" data-testid="replay-hands">
          {view.players.map((p) => {
            const hand = sortHand(hands[p.id] ?? []);
            return (
              <li key={p.id} className="stack" data-testid="replay-hand" data-player-id={p.id}>
                <strong>
                  {nameOf(p.id)} · {tc('cards', { count: view.counts?.[p.id] ?? p.cards })}
                  {view.turn === p.id ? ' ◀' : ''}
                </strong>
                <span className="crazy-replay-hand">
                  {hand.map((card) => (
                    <ShownCard key={card.id} card={card} small />
                  ))}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <CrazyInstructions />
      <BackToLobby />
    </section>
  );
}

/** One line for what happened at a step: 'Sara played 8♥', 'Abebe drew 2 cards', 'Sara caught Abebe: Crazy!' */
function useDescribe() {
  const { t } = useTranslation('crazy');
  return (step: CrazyReplayStep, nameOf: (id: string | null | undefined) => string): string => {
    const name = nameOf(step.playerId);
    const cards = (step.cards ?? []).map(labelOfId).join(' ');
    switch (step.kind) {
      case 'start':
        return t('replay.kinds.start', { name });
      case 'play':
        return t('replay.kinds.play', { name, cards });
      case 'wrong_play':
        return t('replay.kinds.wrongPlay', { name, cards });
      case 'draw':
        return t('replay.kinds.draw', { name, count: step.count ?? step.cards?.length ?? 1 });
      case 'reshuffle':
        return t('replay.kinds.reshuffle');
      case 'turn':
        return t('replay.kinds.turn', { name });
      case 'qeregn':
        return t('replay.kinds.qeregn', { name });
      case 'qeregn_window_closed':
        return t('replay.kinds.qeregnClosed', { name });
      case 'crazy_call':
        return step.right
          ? t('replay.kinds.crazyRight', { name, target: nameOf(step.targetId) })
          : t('replay.kinds.crazyWrong', { name, target: nameOf(step.targetId) });
      case 'timeout':
        return t('replay.kinds.timeout', { name });
      case 'removed':
        return t('replay.kinds.removed', { name });
      case 'end':
        return t('replay.kinds.end', { name });
      default:
        return t('replay.kinds.other', { name });
    }
  };
}
