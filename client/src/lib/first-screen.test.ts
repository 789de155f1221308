import { describe, expect, it, vi } from 'vitest';
import { createFirstScreen, MAX_WAIT_AFTER_LOAD_MS } from './first-screen.ts';

/** A first screen driven by hand: requests under way, painted frames and the load event's timer. */
function harness() {
  let inFlight = 0;
  let settled = () => {};
  const paints: Array<() => void> = [];
  let afterLoad: { callback: () => void; delayMs: number } | null = null;
  const screen = createFirstScreen({
    requestsInFlight: () => inFlight,
    onRequestsSettled: (listener) => {
      settled = listener;
    },
    afterNextPaint: (callback) => paints.push(callback),
    afterLoad: (callback, delayMs) => {
      afterLoad = { callback, delayMs };
    },
  });
  return {
    screen,
    start: () => (inFlight += 1),
    answer: () => {
      inFlight -= 1;
      if (inFlight === 0) settled();
    },
    paint: () => paints.splice(0).forEach((callback) => callback()),
    loadTimerFires: () => afterLoad?.callback(),
    loadTimerDelay: () => afterLoad?.delayMs,
  };
}

describe('what waits for the first screen', () => {
  it('runs once the first page is committed and a frame is painted, not before', () => {
    const page = harness();
    const task = vi.fn();
    page.screen.after(task);
    page.paint();
    expect(task).not.toHaveBeenCalled();

    page.screen.pageCommitted();
    expect(task).not.toHaveBeenCalled();
    page.paint();
    expect(task).toHaveBeenCalledOnce();
  });

  it('waits for the answers the first page asked for, and the frame that shows them', () => {
    const page = harness();
    const task = vi.fn();
    page.screen.after(task);
    page.start();
    page.start();
    page.screen.pageCommitted();
    page.paint();
    page.answer();
    page.paint();
    expect(task).not.toHaveBeenCalled();

    page.answer();
    expect(task).not.toHaveBeenCalled();
    page.paint();
    expect(task).toHaveBeenCalledOnce();
  });

  it('waits again for a request started before the frame was painted', () => {
    const page = harness();
    const task = vi.fn();
    page.screen.after(task);
    page.screen.pageCommitted();
    page.start();
    page.paint();
    expect(task).not.toHaveBeenCalled();
    page.answer();
    page.paint();
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs a task asked for later at once, and each task only once', () => {
    const page = harness();
    const first = vi.fn();
    page.screen.after(first);
    page.screen.pageCommitted();
    page.paint();
    page.screen.pageCommitted();
    page.paint();
    const later = vi.fn();
    page.screen.after(later);
    expect(first).toHaveBeenCalledOnce();
    expect(later).toHaveBeenCalledOnce();
  });

  it('runs anyway a while after the load event when the first page never settles', () => {
    const page = harness();
    const task = vi.fn();
    page.screen.after(task);
    page.start();
    expect(page.loadTimerDelay()).toBe(MAX_WAIT_AFTER_LOAD_MS);
    page.loadTimerFires();
    expect(task).toHaveBeenCalledOnce();
    page.answer();
    page.screen.pageCommitted();
    page.paint();
    expect(task).toHaveBeenCalledOnce();
  });
});
