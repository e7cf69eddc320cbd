// Who used the machine during a measured window: all cores (/proc/stat) against the processes
// the bench owns (/proc/<pid>/stat), in groups, so a run disturbed by other work on a shared
// machine says so instead of passing for a slow server, and a saturated machine shows who
// saturated it. Linux only; elsewhere the answer is null.
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Cores used on average over the window (2 = both cores of a 2-core machine all the time). */
export type CpuShare = {
  busy: number;
  /** Each group of the bench's own processes. */
  groups: Record<string, number>;
  /** Busy but not any group's: other people's work on the machine. */
  other: number;
};

function machineTicks(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  // idle and iowait are the only ticks a core spent not working.
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}

/** utime + stime of a process, in the same clock ticks as /proc/stat; 0 once it is gone. */
function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: state is [0], utime [11], stime [12].
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

type Sample = { busy: number; total: number; groups: Record<string, number> };

function sample(groups: Record<string, number[]>): Sample | null {
  try {
    const ticks = Object.fromEntries(
      Object.entries(groups).map(([name, pids]) => [
        name,
        pids.reduce((sum, pid) => sum + processTicks(pid), 0),
      ]),
    );
    return { ...machineTicks(), groups: ticks };
  } catch {
    return null;
  }
}

/** Starts counting for each group of pids; the returned function answers the shares since then. */
export function startCpuShare(groups: Record<string, number[]>): () => CpuShare | null {
  const before = sample(groups);
  return () => {
    const after = sample(groups);
    if (!before || !after || after.total <= before.total) return null;
    const perCore = (after.total - before.total) / os.availableParallelism();
    const cores = (ticks: number) => Math.round((100 * ticks) / perCore) / 100;
    const busy = cores(after.busy - before.busy);
    const used = Object.fromEntries(
      Object.keys(groups).map((name) => [
        name,
        cores((after.groups[name] ?? 0) - (before.groups[name] ?? 0)),
      ]),
    );
    const ours = Object.values(used).reduce((sum, n) => sum + n, 0);
    return { busy, groups: used, other: Math.max(0, Math.round((busy - ours) * 100) / 100) };
  };
}
