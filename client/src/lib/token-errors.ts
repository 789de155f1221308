import { ApiError } from './api-client.ts';
import { i18n } from './i18n.ts';
import { notify } from './notify.ts';

export const TOKEN_PROBLEMS = ['daily_limit_reached', 'insufficient_tokens'] as const;
export type TokenProblem = (typeof TOKEN_PROBLEMS)[number];

export function isTokenProblem(code: unknown): code is TokenProblem {
  return typeof code === 'string' && (TOKEN_PROBLEMS as readonly string[]).includes(code);
}

/**
 * 'Daily Limit Reached' / 'Insufficient Tokens': an 8 s error toast whose 'Buy Tokens' action opens
 * the wallet; if that navigation fails, an alert tells the player where to go instead.
 */
export function showTokenProblem(
  problem: TokenProblem,
  goToWallet: () => void | Promise<void>,
  alertUser: (message: string) => void = (message) => window.alert(message),
): void {
  const keys =
    problem === 'daily_limit_reached'
      ? ({ title: 'tokenProblem.dailyLimitTitle', body: 'tokenProblem.dailyLimitBody' } as const)
      : ({ title: 'tokenProblem.insufficientTitle', body: 'tokenProblem.insufficientBody' } as const);
  notify.error(i18n.t(keys.title), {
    description: i18n.t(keys.body),
    action: {
      label: i18n.t('tokenProblem.buyTokens'),
      onClick: () => {
        const fallback = () => alertUser(i18n.t('tokenProblem.visitWallet'));
        try {
          const navigation = goToWallet();
          if (navigation) navigation.catch(fallback);
        } catch {
          fallback();
        }
      },
    },
  });
}

/** For game pages: shows the toast when a call was refused for lack of tokens; true when it did. */
export function handleTokenProblem(error: unknown, goToWallet: () => void | Promise<void>): boolean {
  if (error instanceof ApiError && isTokenProblem(error.code)) {
    showTokenProblem(error.code, goToWallet);
    return true;
  }
  return false;
}
