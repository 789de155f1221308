import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MINES_COUNT_MAX, MINES_COUNT_MIN, type MinesPlay } from '@qal/events/contracts';
import './mines.css';

/** What a tile shows: still hidden, a safe tile opened, a mine shown at the end, or the mine that ended the game. */
export type TileLook = 'hidden' | 'safe' | 'mine' | 'hit';

export function tileLook(play: MinesPlay, tile: number): TileLook {
  if (play.hitTile === tile) return 'hit';
  if (play.revealed.includes(tile)) return 'safe';
  if (play.minePositions?.includes(tile)) return 'mine';
  return 'hidden';
}

/** The tile an arrow key moves the focus to on a `side` × `side` grid (it stops at the edges); null for other keys. */
export function neighbour(tile: number, key: string, side: number): number | null {
  const row = Math.floor(tile / side);
  const column = tile % side;
  switch (key) {
    case 'ArrowRight':
      return column < side - 1 ? tile + 1 : tile;
    case 'ArrowLeft':
      return column > 0 ? tile - 1 : tile;
    case 'ArrowDown':
      return row < side - 1 ? tile + side : tile;
    case 'ArrowUp':
      return row > 0 ? tile - side : tile;
    default:
      return null;
  }
}

/** ×1.10: two decimals, as the board and the result show a multiplier. */
export const formatMultiplier = (multiplier: number): string => multiplier.toFixed(2);
/** 88%: a chance in whole percent. */
export const formatChance = (chance: number): string => `${Math.round(chance * 100)}%`;

const TILE_SYMBOL: Record<TileLook, string> = { hidden: '', safe: '💎', mine: '💣', hit: '💥' };
const TILE_LABEL = { hidden: 'board.tileHidden', safe: 'board.tileSafe', mine: 'board.tileMine', hit: 'board.tileHit' } as const;

/**
 * Mines' board: the multiplier and what a cash-out pays now, the next tile's odds, the 5 × 5 grid (arrow keys move
 * between tiles, Enter or Space opens one) and the cash-out button. Once the game is over every mine shows.
 */
export function MinesBoard({
  play,
  busy,
  onReveal,
  onCashOut,
}: {
  play: MinesPlay;
  /** A move is on its way: nothing more is sent until it is answered. */
  busy: boolean;
  onReveal: (tile: number) => void;
  onCashOut: () => void;
}) {
  const { t } = useTranslation('mines');
  const tiles = useRef<(HTMLButtonElement | null)[]>([]);
  // One tile of the grid is in the tab order (the last one focused); the arrow keys move within the grid.
  const [focusTile, setFocusTile] = useState(0);
  const playing = play.end === null;
  const side = play.gridSide;

  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = tiles.current.indexOf(event.target as HTMLButtonElement);
    if (from < 0) return;
    const to = neighbour(from, event.key, side);
    if (to === null) return;
    event.preventDefault();
    tiles.current[to]?.focus();
  };

  return (
    <div className="mines-board" data-testid="mines-board" aria-busy={busy}>
      <div className="mines-status">
        <div className="mines-multiplier">
          <span className="muted small">{t('board.multiplier')}</span>
          <strong data-testid="multiplier">{play.multiplier === null ? '—' : `×${formatMultiplier(play.multiplier)}`}</strong>
          <span className="small" data-testid="pays">
            {t('board.pays', { count: play.cashOutTokens })}
          </span>
        </div>
        <div className="mines-odds small">
          {playing && play.next && (
            <span data-testid="next-tile">
              {t('board.nextTile', { chance: formatChance(play.next.safeChance), multiplier: formatMultiplier(play.next.multiplier) })}
            </span>
          )}
          <span className="muted">
            {t('setup.count', { count: play.mines })} · {t('board.safeLeft', { count: play.safeTilesLeft })}
          </span>
        </div>
      </div>

      <div
        className="mines-grid"
        role="group"
        aria-label={t('board.grid')}
        style={{ gridTemplateColumns: `repeat(${side}, 1fr)` }}
        onKeyDown={onGridKey}
        data-testid="mines-grid"
      >
        {Array.from({ length: play.tiles }, (_, tile) => {
          const look = tileLook(play, tile);
          const label = t(TILE_LABEL[look], { row: Math.floor(tile / side) + 1, column: (tile % side) + 1 });
          return (
            <button
              key={tile}
              ref={(element) => {
                tiles.current[tile] = element;
              }}
              type="button"
              className={`mines-tile mines-tile-${look}`}
              aria-label={label}
              aria-disabled={!playing || look !== 'hidden' || busy}
              tabIndex={tile === focusTile ? 0 : -1}
              onFocus={() => setFocusTile(tile)}
              data-testid={`tile-${tile}`}
              onClick={() => {
                if (playing && look === 'hidden' && !busy) onReveal(tile);
              }}
            >
              <span aria-hidden="true">{TILE_SYMBOL[look]}</span>
            </button>
          );
        })}
      </div>

      {playing && (
        <>
          <button
            type="button"
            className="button button-primary button-block"
            disabled={!play.canCashOut || busy}
            onClick={onCashOut}
            data-testid="cash-out"
          >
            {play.canCashOut ? t('board.cashOut', { count: play.cashOutTokens }) : t('board.openFirst')}
          </button>
          {Math.max(play.cashOutTokens, play.next?.cashOutTokens ?? 0) >= play.tokensMax && (
            <p className="muted small mines-cap" data-testid="cap">
              {t('board.cap', { count: play.tokensMax })}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** The setup's choice of mines: − and + buttons around the count, and a slider for big steps. */
export function MineCountPicker({ value, onChange }: { value: number; onChange: (mines: number) => void }) {
  const { t } = useTranslation('mines');
  const set = (mines: number) => onChange(Math.min(MINES_COUNT_MAX, Math.max(MINES_COUNT_MIN, mines)));
  return (
    <fieldset className="mines-picker">
      <legend className="field-label">{t('setup.mines')}</legend>
      <div className="mines-picker-row">
        <button
          type="button"
          className="button mines-step"
          aria-label={t('setup.fewer')}
          disabled={value <= MINES_COUNT_MIN}
          onClick={() => set(value - 1)}
          data-testid="fewer-mines"
        >
          −
        </button>
        <output className="mines-count" aria-live="polite" data-testid="mine-count">
          {t('setup.count', { count: value })}
        </output>
        <button
          type="button"
          className="button mines-step"
          aria-label={t('setup.more')}
          disabled={value >= MINES_COUNT_MAX}
          onClick={() => set(value + 1)}
          data-testid="more-mines"
        >
          +
        </button>
      </div>
      <input
        type="range"
        className="mines-slider"
        min={MINES_COUNT_MIN}
        max={MINES_COUNT_MAX}
        value={value}
        aria-label={t('setup.mines')}
        onChange={(event) => set(Number(event.target.value))}
        data-testid="mine-slider"
      />
      <p className="field-hint">{t('setup.hint')}</p>
    </fieldset>
  );
}
