import { readEvents } from '../src/sync/live';
import { startInstances } from '../tests/helpers/instances';
import { startServer } from '../tests/helpers/server';
import { nth } from '../tests/helpers/present';

/**
 * Live changes (issue 16): how long from a write's request to its `change` event at every listening device, with
 * BAYBOOK_BENCH_LISTENERS streams open (default 50). On PGlite (one process), and with DATABASE_URL on two
 * processes on one PostgreSQL: writes on the first, listeners on the second. Budget: p99 ≤ 2,000 ms
 * (docs/PERFORMANCE.md). Prints figures; passes or fails on nothing.
 */
const LISTENERS = Number(process.env.BAYBOOK_BENCH_LISTENERS ?? 50);
const WRITES = Number(process.env.BAYBOOK_BENCH_WRITES ?? 40);

interface Target {
  name: string;
  writeUrl: string;
  listenUrl: string;
  token: string;
  close(): Promise<void>;
}

async function measure(t: Target) {
  // per listener, each event's seq and when it was read
  const seen: { seq: number; at: number }[][] = [];
  const aborts: AbortController[] = [];
  for (let k = 0; k < LISTENERS; k++) {
    const ctrl = new AbortController();
    const events: { seq: number; at: number }[] = [];
    aborts.push(ctrl);
    seen.push(events);
    const res = await fetch(`${t.listenUrl}/api/v3/sync/live`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${t.token}` },
      signal: ctrl.signal,
    });
    void readEvents(res.body!, (e) =>
      events.push({ seq: Number(JSON.parse(e.data).seq), at: performance.now() }),
    ).catch(() => undefined);
  }
  const latencies: number[] = [];
  for (let w = 0; w < WRITES; w++) {
    const sent = performance.now();
    const res = await fetch(`${t.writeUrl}/api/customer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token}` },
      body: JSON.stringify({
        data: {
          vin: `BENCHLIVE${String(w).padStart(8, '0')}`,
          registration: `BL ${w}`,
          first_name: 'B',
          last_name: 'L',
          contact: '8765551234',
        },
      }),
    });
    await res.arrayBuffer();
    const head = Number(
      (
        (await (
          await fetch(`${t.writeUrl}/api/v3/sync/live`, { headers: { authorization: `Bearer ${t.token}` } })
        ).json()) as { seq: number }
      ).seq,
    );
    const firstPast = (events: { seq: number; at: number }[]) => events.find((e) => e.seq >= head);
    while (!seen.every(firstPast)) await new Promise((r) => setTimeout(r, 5));
    for (const events of seen) latencies.push(firstPast(events)!.at - sent);
  }
  aborts.forEach((a) => a.abort());
  latencies.sort((a, b) => a - b);
  const q = (p: number) => nth(latencies, Math.min(latencies.length - 1, Math.floor(p * latencies.length))).toFixed(0);
  console.log(
    `${t.name}: ${WRITES} writes × ${LISTENERS} listeners: request → event p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms`,
  );
}

const targets: (() => Promise<Target>)[] = [
  async () => {
    const s = await startServer('pglite');
    return {
      name: 'PGlite, one process',
      writeUrl: s.url,
      listenUrl: s.url,
      token: s.adminToken,
      close: () => s.close(),
    };
  },
];
if (process.env.DATABASE_URL) {
  targets.push(async () => {
    const m = await startInstances(2);
    return {
      name: 'PostgreSQL, write on one process, listen on another',
      writeUrl: nth(m.instances, 0).url,
      listenUrl: nth(m.instances, 1).url,
      token: m.adminToken,
      close: () => m.close(),
    };
  });
}
for (const start of targets) {
  const t = await start();
  try {
    await measure(t);
  } finally {
    await t.close();
  }
}
