import { existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';

/**
 * Slows every process of a launched Chromium (browser, renderers, the page's workers' threads, the network and
 * storage services) by a factor N, where CDP's Emulation.setCPUThrottlingRate slows the page's main thread only
 * (issue 35: the pull runs in a dedicated worker and its writes in the storage process).
 *   - cgroup: a CPU cgroup with a quota of period/N (v2 cpu.max, else v1 cpu.cfs_quota_us) holds the browser's
 *     processes; the children they start later (renderers, utilities) are born in it. All of them together get 1/N
 *     of one core, as one core N times slower would give them.
 *   - duty cycle, where no cgroup can be made (a container without a writable cgroup fs): every PERIOD_MS the
 *     processes are stopped (SIGSTOP) for (N-1)/N of it and continued (SIGCONT) for the rest. Each thread then runs
 *     at 1/N, but on any core: two busy threads get 2/N of the machine where the cgroup gives them 1/N together.
 *     Not pinned to one core (taskset), which on this shared 2-core machine slowed the browser 8–15× for 4–6×: the
 *     core it had was shared with the machine's other work for the moments it was let run.
 * Either way the tree is read again every second. `stop()` gives the processes back their whole CPU; it also runs at
 * the bench's exit or Ctrl-C, so no Chromium is left stopped or throttled. BENCH_WHOLE_BY=duty forces the duty cycle.
 */

/** the quota's period: short, so that a task's wall time is near N × its CPU time (it waits at most a period) */
const PERIOD_MS = 20;

export interface WholeBrowserThrottle {
  /** how the browser is slowed, for the figures' line */
  how: string;
  stop(): void;
}

const children = (pid: number): number[] => {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return []; // gone
  }
};

/** The browser process on `profile` (the one without --type) and every process under it, from /proc. */
function chromiumTree(profile: string): number[] {
  const root = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .find((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
        return args.includes(`--user-data-dir=${profile}`) && !args.some((a) => a.startsWith('--type='));
      } catch {
        return false;
      }
    });
  if (!root) throw new Error(`no Chromium runs on ${profile}`);
  const tree = [Number(root)];
  for (let i = 0; i < tree.length; i++) tree.push(...children(tree[i]!));
  return tree;
}

/** The CPU controller's root and its quota files: cgroup v2's cpu.max, else v1's cfs files; undefined if neither. */
function cpuController() {
  const v2 = '/sys/fs/cgroup';
  if (existsSync(`${v2}/cgroup.controllers`) && readFileSync(`${v2}/cgroup.controllers`, 'utf8').includes('cpu'))
    return {
      root: v2,
      name: 'cgroup v2 cpu.max',
      limit: (dir: string, quotaUs: number, periodUs: number) =>
        writeFileSync(`${dir}/cpu.max`, `${quotaUs} ${periodUs}`),
      unlimit: (dir: string) => writeFileSync(`${dir}/cpu.max`, 'max'),
    };
  const v1 = '/sys/fs/cgroup/cpu';
  if (existsSync(`${v1}/cpu.cfs_quota_us`))
    return {
      root: v1,
      name: 'cgroup v1 cpu.cfs_quota_us',
      limit: (dir: string, quotaUs: number, periodUs: number) => (
        writeFileSync(`${dir}/cpu.cfs_period_us`, String(periodUs)),
        writeFileSync(`${dir}/cpu.cfs_quota_us`, String(quotaUs))
      ),
      unlimit: (dir: string) => writeFileSync(`${dir}/cpu.cfs_quota_us`, '-1'),
    };
  return undefined;
}

/** Moves each of `pids` into the cgroup `dir` (a process that has ended meanwhile is skipped). */
function moveInto(dir: string, pids: number[]) {
  for (const pid of pids) {
    try {
      writeFileSync(`${dir}/cgroup.procs`, String(pid));
    } catch (e) {
      if (existsSync(`/proc/${pid}`)) throw e;
    }
  }
}

/** The cgroup way; undefined where no cgroup can be made or written here. */
function byCgroup(profile: string, factor: number): WholeBrowserThrottle | undefined {
  const cpu = cpuController();
  if (!cpu) return undefined;
  const dir = `${cpu.root}/baybook-bench-${process.pid}-${Date.now()}`;
  try {
    mkdirSync(dir);
    cpu.limit(dir, Math.round((PERIOD_MS * 1000) / factor), PERIOD_MS * 1000);
    moveInto(dir, chromiumTree(profile));
  } catch {
    release();
    return undefined;
  }
  function release() {
    try {
      cpu!.unlimit(dir);
      // back to the parent, a few times: a process may be born in the cgroup while the others move out
      for (let i = 0; i < 5 && existsSync(dir); i++) {
        const left = readFileSync(`${dir}/cgroup.procs`, 'utf8').split('\n').filter(Boolean).map(Number);
        moveInto(cpu!.root, left);
        try {
          rmdirSync(dir);
        } catch {
          /* not empty yet */
        }
      }
    } catch {
      /* never made, or already gone */
    }
  }
  // the tree again every second: a process started by one outside the cgroup (none should be) is caught too
  const again = setInterval(() => {
    try {
      moveInto(dir, chromiumTree(profile));
    } catch {
      /* the browser has closed */
    }
  }, 1000);
  return {
    how: `${cpu.name} ${(100 / factor).toFixed(0)}% of one core`,
    stop: () => (clearInterval(again), release()),
  };
}

const signal = (pids: Iterable<number>, sig: 'SIGSTOP' | 'SIGCONT') => {
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch {
      /* gone */
    }
  }
};

/** The duty-cycle way: every process stopped (N-1)/N of the time. */
function byDutyCycle(profile: string, factor: number): WholeBrowserThrottle {
  const pids = new Set<number>();
  const add = () => chromiumTree(profile).forEach((pid) => pids.add(pid));
  add();
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  const run = (ms: number) => new Promise((r) => (timer = setTimeout(r, ms)));
  // the stops last (N-1)× the time the browser ran in all, as measured: a timer that fires late is made up for
  const loop = async () => {
    for (let ran = 0, held = 0; running;) {
      signal(pids, 'SIGSTOP');
      let t = performance.now();
      await run(Math.max(0, ran * (factor - 1) - held));
      held += performance.now() - t;
      signal(pids, 'SIGCONT');
      t = performance.now();
      if (running) await run(PERIOD_MS / factor);
      ran += performance.now() - t;
    }
  };
  void loop();
  const again = setInterval(() => {
    try {
      add();
    } catch {
      /* the browser has closed */
    }
  }, 1000);
  return {
    how: `duty cycle, running ${(100 / factor).toFixed(0)}% of every ${PERIOD_MS} ms on any core`,
    stop: () => {
      running = false;
      clearTimeout(timer);
      clearInterval(again);
      signal(pids, 'SIGCONT');
    },
  };
}

/**
 * Slows the Chromium running on `profile` (every process of it) `factor` times until `stop()`; the bench's exit,
 * Ctrl-C or a kill also stops it.
 */
export function throttleWholeBrowser(profile: string, factor: number): WholeBrowserThrottle {
  const forced = process.env.BENCH_WHOLE_BY === 'duty';
  const t = (!forced && byCgroup(profile, factor)) || byDutyCycle(profile, factor);
  const onExit = () => t.stop();
  const onSignal = (sig: NodeJS.Signals) => (t.stop(), process.kill(process.pid, sig));
  process.once('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let stopped = false;
  return {
    how: t.how,
    stop: () => {
      if (stopped) return;
      stopped = true;
      process.off('exit', onExit);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      t.stop();
    },
  };
}
