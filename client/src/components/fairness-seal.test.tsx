import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { i18n } from '../lib/i18n.ts';
import { FairnessSeal } from './fairness-seal.tsx';

const COMMITMENT = 'ab'.repeat(32);
const SERVER_SEED = '0f'.repeat(32);
const sealed = { commitment: COMMITMENT, serverSeed: null, clientSeed: 'crazy_m-1', nonce: 0 };

const renderAt = (path: string, ui: ReactNode) => render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('the fairness seal of a match', () => {
  it('shows the sealed seed, small, while the match is on, and no link yet', () => {
    renderAt('/multiplayer/game/ABC234', <FairnessSeal matchId="crazy.m-1" fairness={sealed} />);
    const seal = screen.getByTestId('fairness-commitment');
    expect(seal.textContent).toBe(`Sealed seed: ${COMMITMENT.slice(0, 16)}…`);
    expect(seal.getAttribute('title')).toBe(COMMITMENT);
    expect(screen.queryByTestId('verify-match')).toBeNull();
  });

  it('shows the revealed seed at the end with the link that checks the match, in the page’s language', async () => {
    renderAt('/multiplayer/game/ABC234', <FairnessSeal matchId="crazy.m-1" fairness={{ ...sealed, serverSeed: SERVER_SEED }} />);
    expect(screen.getByTestId('fairness-revealed').textContent).toContain(`Server seed: ${SERVER_SEED.slice(0, 16)}…`);
    expect(screen.getByTestId('verify-match').getAttribute('href')).toBe('/fairness?match=crazy.m-1');
    cleanup();
    await i18n.changeLanguage('am');
    renderAt('/am/hangman', <FairnessSeal matchId="m 1" fairness={{ ...sealed, serverSeed: SERVER_SEED }} />);
    expect(screen.getByTestId('verify-match').getAttribute('href')).toBe('/am/fairness?match=m%201');
    expect(screen.getByTestId('verify-match').textContent).toBe('የጨዋታውን ፍትሐዊነት ያረጋግጡ');
  });

  it('shows nothing for a match started before its game was provably fair', () => {
    const { container } = renderAt('/hangman', <FairnessSeal matchId="m-1" fairness={null} />);
    expect(container.textContent).toBe('');
  });
});
