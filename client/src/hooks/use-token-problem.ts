import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTo } from '../components/locale-link.tsx';
import { handleTokenProblem, showTokenProblem, type TokenProblem } from '../lib/token-errors.ts';

/** Game pages call `show('insufficient_tokens')` or `handle(error)`; 'Buy Tokens' opens the wallet. */
export function useTokenProblem() {
  const navigate = useNavigate();
  const to = useTo();
  const goToWallet = useCallback(() => navigate(to('/wallet')), [navigate, to]);
  return {
    show: useCallback((problem: TokenProblem) => showTokenProblem(problem, goToWallet), [goToWallet]),
    handle: useCallback((error: unknown) => handleTokenProblem(error, goToWallet), [goToWallet]),
  };
}
