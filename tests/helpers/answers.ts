import type { DeviceRow, EntityName } from '../../src/domain/model';

/**
 * What a test reads off an API answer. `api()` answers `Answer` unless the test names the shape it expects, as the
 * device's transport does (`Transport<T>`): `s.api<Data<Row<'customers'>[]>>('GET', '/customers')`. Reading a field
 * gives `unknown`, which `expect` takes; naming the answer is what lets a test go deeper.
 */
export type Answer = Record<string, unknown>;

/** SPEC §7's wrapped answer: `{data: ...}` */
export interface Data<T> {
  data: T;
}

/** A synced table's row as the API and the feed send it: the model's fields, with the device's derived keys optional. */
export type Row<E extends EntityName> = DeviceRow<E>;

/** A refusal: SPEC's `{value: false, message}` */
export interface Refusal {
  value: false;
  message: string;
}
