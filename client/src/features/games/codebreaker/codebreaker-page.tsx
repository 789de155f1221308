import { FairnessSeal } from '../../../components/fairness-seal.tsx';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODEBREAKER_LEVEL_CHOICE_DEFAULT, CodebreakerPlay, type CodebreakerLevel } from '@qal/events/contracts';
import { ArcadeCountdown, ArcadePage, ArcadeResult, ArcadeStart } from '../../../lib/arcade/arcade-parts.tsx';
import { useArcadeGame } from '../../../lib/arcade/use-arcade-game.ts';
import { CodebreakerBoard, CodeReveal, LevelPicker } from './codebreaker-board.tsx';

const SLUG = 'codebreaker';
/** The price the start button names before a game's view (which carries it) exists: the engine's CODEBREAKER_COST_TOKENS. */
const COST_TOKENS = 5;

/** `/codebreaker`: choose a level, pay, crack the code against the clock, see the code and the result. */
export default function CodebreakerPage() {
  const { t } = useTranslation('codebreaker');
  const game = useArcadeGame(SLUG);
  const [level, setLevel] = useState<CodebreakerLevel>(CODEBREAKER_LEVEL_CHOICE_DEFAULT);
  const { view, phase, move } = game;
  const play = useMemo(() => {
    const parsed = view ? CodebreakerPlay.safeParse(view.play) : null;
    return parsed?.success ? parsed.data : null;
  }, [view]);

  const onGuess = useCallback((digits: string) => move({ type: 'guess_code', digits }), [move]);
  const onHint = useCallback(() => move({ type: 'code_hint' }), [move]);

  const resultTitle =
    play?.endReason === 'solved'
      ? t('result.solved', { count: play.attemptsUsed })
      : play?.endReason === 'time_up'
        ? t('result.timeUp')
        : play?.endReason === 'out_of_attempts'
          ? t('result.outOfAttempts')
          : undefined;

  return (
    <ArcadePage slug={SLUG} game={game}>
      {(phase === 'setup' || phase === 'starting') && (
        <ArcadeStart slug={SLUG} game={game} cost={COST_TOKENS} options={{ level }}>
          <LevelPicker value={level} onChange={setLevel} />
        </ArcadeStart>
      )}
      {phase === 'playing' && view && play && (
        <>
          <CodebreakerBoard
            play={play}
            busy={game.busy}
            countdown={<ArcadeCountdown deadline={view.deadline} game={game} />}
            onGuess={onGuess}
            onHint={onHint}
          />
          <FairnessSeal matchId={view.matchId} fairness={view.fairness} />
        </>
      )}
      {phase === 'over' && view && (
        <ArcadeResult view={view} game={game} title={resultTitle}>
          {play?.code && <CodeReveal code={play.code} />}
          {play && <CodebreakerBoard play={play} busy={false} onGuess={onGuess} onHint={onHint} />}
        </ArcadeResult>
      )}
    </ArcadePage>
  );
}
