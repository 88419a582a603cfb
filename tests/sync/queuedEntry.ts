import { newId } from '../../src/domain/ids';
import type { OutboxEntry } from '../../src/local/db';

/** An outbox entry as a device queues it, for the upgrade tests (the outbox must survive every version). */
export function queuedEntry(over: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: newId(),
    method: 'PUT',
    path: '/customer',
    body: {},
    actor: 'a',
    deviceId: 'd',
    createdAt: '',
    attempts: 0,
    lastError: '',
    state: 'pending',
    refs: [],
    touches: [],
    creates: [],
    dependsOn: [],
    label: 'x',
    ...over,
  };
}
