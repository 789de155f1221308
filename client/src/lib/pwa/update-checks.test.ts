import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkForUpdatesPeriodically } from './update-checks.ts';

const FIVE_MINUTES = 5 * 60 * 1000;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('looking for a new version while the app stays open', () => {
  it('asks every five minutes while the page is in view and online, and stops when told', () => {
    const page = { visible: true, online: true };
    const registration = { update: vi.fn(async () => undefined) };
    const stop = checkForUpdatesPeriodically(registration, { visible: () => page.visible, online: () => page.online });

    vi.advanceTimersByTime(FIVE_MINUTES);
    expect(registration.update).toHaveBeenCalledTimes(1);

    page.visible = false;
    vi.advanceTimersByTime(FIVE_MINUTES);
    page.visible = true;
    page.online = false;
    vi.advanceTimersByTime(FIVE_MINUTES);
    expect(registration.update).toHaveBeenCalledTimes(1);

    page.online = true;
    vi.advanceTimersByTime(FIVE_MINUTES);
    expect(registration.update).toHaveBeenCalledTimes(2);

    stop();
    vi.advanceTimersByTime(FIVE_MINUTES * 3);
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('keeps asking after a check fails (the server was down)', async () => {
    const registration = { update: vi.fn(async () => Promise.reject(new Error('offline'))) };
    const stop = checkForUpdatesPeriodically(registration, { visible: () => true, online: () => true });
    await vi.advanceTimersByTimeAsync(FIVE_MINUTES * 2);
    expect(registration.update).toHaveBeenCalledTimes(2);
    stop();
  });
});
