import { readFileSync, readdirSync } from 'node:fs';

/** CPU time of the benchmark's processes (Linux /proc), to see which of them a first sync keeps busy. */

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/** CPU seconds of each of `pids` that is still running (a PostgreSQL database's backends), by pid. */
export function cpuOf(pids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      out.set(pid, cpuSeconds(pid));
    } catch {
      /* gone */
    }
  }
  return out;
}

/** CPU seconds used between two readings of cpuOf (a process that began after the first counts from 0). */
export const cpuSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, s]) => sum + s - (before.get(pid) ?? 0), 0);

/** CPU seconds of every Chromium process on `profile` (browser, renderers, utilities) by their --type, from /proc. */
export function chromiumCpu(profile: string): Record<string, number> {
  const out: Record<string, number> = {};
  const procs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const cmd = (pid: string) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/); // Chromium rewrites its title: one string;
  const parent = (pid: string) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]!;
  const ours = new Set<string>();
  for (const pid of procs) {
    try {
      if (cmd(pid).includes(`--user-data-dir=${profile}`) && !cmd(pid).some((a) => a.startsWith('--type=')))
        ours.add(pid);
    } catch {
      /* gone */
    }
  }
  for (let grew = true; grew;) {
    grew = false;
    for (const pid of procs) {
      try {
        if (!ours.has(pid) && ours.has(parent(pid))) grew = !!ours.add(pid);
      } catch {
        /* gone */
      }
    }
  }
  for (const pid of ours) {
    try {
      const type =
        cmd(pid)
          .find((a) => a.startsWith('--type='))
          ?.slice(7) ?? 'browser';
      const sub = cmd(pid)
        .find((a) => a.startsWith('--utility-sub-type='))
        ?.slice(19);
      const key = sub ? `${type}:${sub.split('.').pop()}` : type;
      out[key] = (out[key] ?? 0) + cpuSeconds(Number(pid));
    } catch {
      /* gone */
    }
  }
  return out;
}

export const cpuDelta = (a: Record<string, number>, b: Record<string, number>) =>
  Object.entries(b)
    .map(([k, v]) => `${k} ${(v - (a[k] ?? 0)).toFixed(1)}`)
    .join(', ');
