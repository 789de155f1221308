/** The only source of "now" in the gateway, injected so tests can move time (expiry, cool-downs, sessions). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock tests can set and advance. */
export function createManualClock(start = new Date('2025-01-15T09:00:00.000Z')) {
  let current = start.getTime();
  const clock = (() => new Date(current)) as Clock & { advance(ms: number): void; set(date: Date): void };
  clock.advance = (ms: number) => {
    current += ms;
  };
  clock.set = (date: Date) => {
    current = date.getTime();
  };
  return clock;
}
export type ManualClock = ReturnType<typeof createManualClock>;
