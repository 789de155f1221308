import { FairnessSeal } from '../../../components/fairness-seal.tsx';
import { useTranslation } from 'react-i18next';
import { SumChaserPlay } from '@qal/events/contracts';
import { useApiQuery } from '../../../hooks/use-api-query.ts';
import { ArcadePage, ArcadeResult, ArcadeStart } from '../../../lib/arcade/arcade-parts.tsx';
import { useArcadeGame } from '../../../lib/arcade/use-arcade-game.ts';
import { fetchGames } from '../../../lib/games/games-api.ts';
import { SumChaserBoard, formatMultiplier } from './sum-chaser-board.tsx';

const SLUG = 'sum-chaser';
/** The price the start button names until the catalogue (which carries it) has come: the engine's SUM_CHASER_COST_TOKENS. */
const COST_TOKENS = 5;

/** `/sum-chaser`: pay, call over or under before each digit, cash out; the result shows every digit and the fairness link. */
export default function SumChaserPage() {
  const { t } = useTranslation('sum-chaser');
  const game = useArcadeGame(SLUG);
  const catalogue = useApiQuery((signal) => fetchGames(signal));
  const cost = catalogue.data?.find((entry) => entry.slug === SLUG)?.cost ?? COST_TOKENS;
  const parsed = game.view ? SumChaserPlay.safeParse(game.view.play) : null;
  const play = parsed?.success ? parsed.data : null;
  const choosing = game.phase === 'setup' || game.phase === 'starting';

  return (
    <ArcadePage slug={SLUG} game={game}>
      {choosing && <ArcadeStart slug={SLUG} game={game} cost={cost} options={{}} />}
      {!choosing && game.view && play && (
        <>
          <SumChaserBoard
            play={play}
            busy={game.busy || game.phase === 'over'}
            onCall={(call) => game.move({ type: 'predict', call })}
            onCashOut={() => game.move({ type: 'cash_out' })}
          />
          {game.phase === 'playing' && <FairnessSeal matchId={game.view.matchId} fairness={game.view.fairness} />}
          {game.phase === 'over' && (
            <ArcadeResult
              view={game.view}
              game={game}
              title={
                play.end ? t(`end.${play.end.reason}`, { multiplier: formatMultiplier(play.multiplier ?? 0), sum: play.sum }) : undefined
              }
            />
          )}
        </>
      )}
    </ArcadePage>
  );
}
