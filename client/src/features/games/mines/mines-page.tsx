import { FairnessSeal } from '../../../components/fairness-seal.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MINES_COUNT_DEFAULT, MinesPlay } from '@qal/events/contracts';
import { useApiQuery } from '../../../hooks/use-api-query.ts';
import { ArcadePage, ArcadeResult, ArcadeStart } from '../../../lib/arcade/arcade-parts.tsx';
import { useArcadeGame } from '../../../lib/arcade/use-arcade-game.ts';
import { fetchGames } from '../../../lib/games/games-api.ts';
import { MineCountPicker, MinesBoard, formatMultiplier } from './mines-board.tsx';

const SLUG = 'mines';
/** The price the start button names until the catalogue (which carries it) has come: the engine's MINES_COST_TOKENS. */
const COST_TOKENS = 1;

/** `/mines`: choose the mines, pay, open tiles and cash out; the result shows every mine and the way to check them. */
export default function MinesPage() {
  const { t } = useTranslation('mines');
  const game = useArcadeGame(SLUG);
  const [mines, setMines] = useState(MINES_COUNT_DEFAULT);
  const catalogue = useApiQuery((signal) => fetchGames(signal));
  const cost = catalogue.data?.find((entry) => entry.slug === SLUG)?.cost ?? COST_TOKENS;
  const parsed = game.view ? MinesPlay.safeParse(game.view.play) : null;
  const play = parsed?.success ? parsed.data : null;
  const choosing = game.phase === 'setup' || game.phase === 'starting';

  return (
    <ArcadePage slug={SLUG} game={game}>
      {choosing && (
        <ArcadeStart slug={SLUG} game={game} cost={cost} options={{ mines }}>
          <MineCountPicker value={mines} onChange={setMines} />
        </ArcadeStart>
      )}
      {!choosing && game.view && play && (
        <>
          <MinesBoard
            play={play}
            busy={game.busy || game.phase === 'over'}
            onReveal={(tile) => game.move({ type: 'reveal', tile })}
            onCashOut={() => game.move({ type: 'cash_out' })}
          />
          {game.phase === 'playing' && <FairnessSeal matchId={game.view.matchId} fairness={game.view.fairness} />}
          {game.phase === 'over' && (
            <ArcadeResult
              view={game.view}
              game={game}
              title={play.end ? t(`end.${play.end.reason}`, { multiplier: formatMultiplier(play.multiplier ?? 0) }) : undefined}
            />
          )}
        </>
      )}
    </ArcadePage>
  );
}
