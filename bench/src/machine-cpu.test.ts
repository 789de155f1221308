import { describe, expect, it } from 'vitest';
import { cpuByRole, snapshotCpu, ticksOfStat, type CpuSnapshot } from './machine-cpu.ts';

const snapshot = (at: number, processes: [number, string, number][]): CpuSnapshot => ({
  at,
  ticks: new Map(processes.map(([pid, role, ticks]) => [pid, { role, ticks }])),
});

describe('the machine’s CPU by role', () => {
  it('adds up the ticks each role’s processes spent between two snapshots, as % of a core, largest first', () => {
    const before = snapshot(0, [
      [10, 'gateways', 100],
      [11, 'gateways', 50],
      [20, 'PostgreSQL', 400],
    ]);
    // Two seconds later: the gateways spent 150 ticks (1.5 s), PostgreSQL 40, a new players' process 10.
    const after = snapshot(2_000, [
      [10, 'gateways', 200],
      [11, 'gateways', 100],
      [20, 'PostgreSQL', 440],
      [30, 'players', 10],
    ]);
    expect(cpuByRole(before, after)).toEqual([
      { role: 'gateways', percent: 75 },
      { role: 'PostgreSQL', percent: 20 },
      { role: 'players', percent: 5 },
    ]);
  });

  it('reads a process’s user and system ticks even when its name holds spaces and parentheses', () => {
    const stat = '4242 (node (main) x) S 1 4242 4242 0 -1 4194304 900 0 0 0 1234 567 0 0 20 0 11 0 100 0 0';
    expect(ticksOfStat(stat)).toBe(1234 + 567);
  });

  it('names this process the bench', () => {
    expect(snapshotCpu().ticks.get(process.pid)?.role).toBe(process.platform === 'linux' ? 'bench' : undefined);
  });
});
