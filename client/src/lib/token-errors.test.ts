import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown: { message: string; options: { description?: string; action?: { label: string; onClick: () => void }; duration?: number } }[] =
  [];
vi.mock('./notify.ts', () => ({
  notify: { error: (message: string, options: (typeof shown)[number]['options']) => shown.push({ message, options }) },
}));

const { showTokenProblem, handleTokenProblem } = await import('./token-errors.ts');
const { ApiError } = await import('./api-client.ts');

describe('token problem toasts', () => {
  beforeEach(() => {
    shown.length = 0;
  });

  it("shows 'Daily Limit Reached' with a Buy Tokens action that opens the wallet", () => {
    const goToWallet = vi.fn();
    showTokenProblem('daily_limit_reached', goToWallet);
    expect(shown[0]?.message).toBe('Daily Limit Reached');
    expect(shown[0]?.options.description).toBe("You've reached your daily play limit for this game. Buy more tokens to continue playing!");
    expect(shown[0]?.options.action?.label).toBe('Buy Tokens');
    shown[0]?.options.action?.onClick();
    expect(goToWallet).toHaveBeenCalledOnce();
  });

  it('falls back to an alert when opening the wallet fails', async () => {
    const alertUser = vi.fn();
    showTokenProblem(
      'insufficient_tokens',
      () => {
        throw new Error('router gone');
      },
      alertUser,
    );
    expect(shown[0]?.message).toBe('Insufficient Tokens');
    shown[0]?.options.action?.onClick();
    expect(alertUser).toHaveBeenCalledWith('Please visit the wallet page to purchase tokens');

    showTokenProblem('insufficient_tokens', () => Promise.reject(new Error('blocked')), alertUser);
    shown[1]?.options.action?.onClick();
    await vi.waitFor(() => expect(alertUser).toHaveBeenCalledTimes(2));
  });

  it('handles only the token rejections', () => {
    expect(handleTokenProblem(new ApiError(422, 'insufficient_tokens', 'x'), () => {})).toBe(true);
    expect(handleTokenProblem(new ApiError(422, 'room_is_full', 'x'), () => {})).toBe(false);
    expect(shown).toHaveLength(1);
  });
});
