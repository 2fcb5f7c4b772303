// Round-by-round peaks, shared by session-throughput and session-mix: the host is shared, and its
// speed moved by a quarter within minutes, so every target runs in every round, in turn.

import type { CpuAccount, LoadResult } from '../session-throughput/load';

/** One closed-loop run of a target at a number of connections. */
export interface RoundRun {
  connections: number;
  result: { sessions: number; seconds: number };
}

/** A row of a round-by-round table: one run, and for a peak its levels and rounds. */
export interface RoundRow extends RoundRun {
  target: string;
  result: LoadResult;
  cpu: CpuAccount;
  /** The median rate at each number of connections tried (the peak's runs). */
  levels?: string;
  /** Its rate in each round, at the number of connections of its peak. */
  rounds?: number[];
}

/** A server under measurement. */
export interface RoundTarget {
  name: string;
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

export const runRate = (r: RoundRun) => r.result.sessions / r.result.seconds;

/**
 * Every target's peak: `rounds` rounds, each running every target once at each of `levels` (the
 * order of the targets turning from round to round); a target's rate at a level is its median over
 * the rounds (the run shown is that median run), and its peak the best level. `levels` in the answer
 * is the median rate at each level, and `rounds` its rate in each round at the peak's level.
 */
export async function roundPeaks<T extends { name: string }, R extends RoundRun>(
  targets: readonly T[],
  o: { rounds: number; levels: readonly number[]; run: (target: T, connections: number) => Promise<R> },
): Promise<(R & { levels: string; rounds: number[] })[]> {
  const runs = new Map<string, R[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < o.rounds; round++) {
    for (const connections of o.levels) {
      for (let i = 0; i < targets.length; i++) {
        const target = targets[(i + round) % targets.length]!;
        runs.get(target.name)!.push(await o.run(target, connections));
      }
    }
  }
  return targets.map((t) => {
    const byLevel = o.levels.map((connections) => {
      const at = runs
        .get(t.name)!
        .filter((r) => r.connections === connections)
        .sort((a, b) => runRate(a) - runRate(b));
      return at[Math.floor(at.length / 2)]!;
    });
    const best = byLevel.reduce((a, b) => (runRate(b) > runRate(a) ? b : a));
    return {
      ...best,
      levels: byLevel.map((r) => `${r.connections}: ${runRate(r).toFixed(0)}`).join(', '),
      // In the order the rounds ran (the runs of one level, before sorting, are in round order).
      rounds: runs
        .get(t.name)!
        .filter((r) => r.connections === best.connections)
        .map(runRate),
    };
  });
}
