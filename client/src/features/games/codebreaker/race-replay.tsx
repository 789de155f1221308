import { useTranslation } from 'react-i18next';
import { ReplayControls, useReplayPlayer } from '../../../components/replay/replay-controls.tsx';
import type { ReplayProps } from '../../../lib/games/registry.tsx';
import { CodeReveal, Pegs } from './codebreaker-board.tsx';
import { parseRaceReplay } from './race-api.ts';
import './codebreaker.css';

/** A finished race, step by step: every guess of every player with its digits and pegs. */
export default function RaceReplay({ raw, names }: ReplayProps) {
  const { t } = useTranslation('codebreaker');
  const replay = parseRaceReplay(raw);
  const [state, dispatch] = useReplayPlayer(replay?.steps.length ?? 0);
  if (!replay) return <p className="card">{t('race.replayUnreadable')}</p>;
  const step = replay.steps[Math.min(state.index, replay.steps.length - 1)];
  const view = step?.view ?? replay.final;
  return (
    <section className="stack codebreaker-race" data-testid="race-replay">
      {replay.final.code && <CodeReveal code={replay.final.code} />}
      <ReplayControls state={state} dispatch={dispatch} />
      <ul className="race-racers">
        {view.players.map((p) => (
          <li key={p.id} className="race-racer stack" data-testid="replay-racer">
            <strong>{names[p.id] ?? p.id}</strong>
            <ol className="race-guesses">
              {p.guesses.map((g, i) => (
                <li key={i} className="row">
                  <code className="race-digits">{g.digits}</code>
                  <Pegs exact={g.exact} misplaced={g.misplaced} length={view.codeLength} />
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </section>
  );
}
