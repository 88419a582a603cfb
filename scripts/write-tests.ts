// After the sync suite (scripts/test.mjs): every catalogue call (src/domain/writes) must have been sent by a device in
// a tests/sync/*-writes.test.ts file, the device-vs-server equality tests of docs/ARCHITECTURE.md "How to add a write"
// step 6. Reads the calls those files noted (tests/sync/writeCalls.ts) and exits 1 naming each call none sent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { callsByRoute, WRITE_CALLS_DIR } from '../tests/helpers/catalogue';

const WRITES = 'src/domain/writes';

/**
 * Calls no device sends, each with the test that holds it to a device's row instead (docs/ARCHITECTURE.md "How to add
 * a write", step 6): a second path kept for SPEC's older clients.
 */
const NO_DEVICE_CALL: Record<string, string> = {
  'PUT /serviceItem': "SPEC's older services edit: tests/sync/request-writes.test.ts gets the device's row by it",
};

async function catalogue(): Promise<Map<string, string[]>> {
  const modules: Record<string, Record<string, unknown>> = {};
  for (const f of readdirSync(WRITES).filter((n) => n.endsWith('.ts')))
    modules[f] = (await import(pathToFileURL(`${WRITES}/${f}`).href)) as Record<string, unknown>;
  return callsByRoute(modules);
}

/** `PUT /configsheet/:id` matches `PUT /configsheet/3f…`: each `:param` one path segment. */
function matcher(route: string): RegExp {
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

function sentCalls(): Map<string, Set<string>> {
  const sent = new Map<string, Set<string>>();
  if (!existsSync(WRITE_CALLS_DIR)) return sent;
  for (const f of readdirSync(WRITE_CALLS_DIR))
    for (const line of readFileSync(`${WRITE_CALLS_DIR}/${f}`, 'utf8').split('\n').filter(Boolean))
      sent.set(line, (sent.get(line) ?? new Set()).add(f.replace(/\.txt$/, '.test.ts')));
  return sent;
}

const calls = await catalogue();
const sent = [...sentCalls().keys()];
const untested = [...calls].filter(
  ([route]) => !(route in NO_DEVICE_CALL) && !sent.some((line) => matcher(route).test(line)),
);
if (untested.length === 0) {
  const kept = Object.keys(NO_DEVICE_CALL).length;
  console.log(
    `write tests: each of the ${calls.size - kept} catalogue calls a device makes was sent in a *-writes test`,
  );
} else {
  console.log(
    `write tests: ${untested.length} catalogue call(s) no tests/sync/*-writes.test.ts file sent from a device:`,
  );
  for (const [route, names] of untested) console.log(`  ${route}  (${names.join(', ')})`);
  console.log('Add a device-vs-server case for each (docs/ARCHITECTURE.md "How to add a write", step 6).');
  process.exitCode = 1;
}
