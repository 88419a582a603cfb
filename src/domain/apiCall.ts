import type { Schema } from 'yup';
import type { Action } from './permissions';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of the REST API (SPEC §7, served under /api), declared once (issue 31): its method and path, the permission
 * it needs (`action`; null for the public calls: signing in, the probes), the schema its body is checked with, and the
 * schema of its answer. The server's route, the permission table, the OpenAPI document and the device's calls are all
 * read from the declaration (src/domain/apiRoutes.ts gathers them), never from a method and path written again.
 */
export interface ApiCall {
  readonly method: Method;
  readonly path: string;
  readonly action: Action | null;
  /** the body, as the route validates it (the `data` member when the body is wrapped as SPEC's `{data: ...}`) */
  readonly body?: Schema<unknown>;
  /**
   * For a field edit whose body leaves its fields open (the plan checks them against the record as it stands): the
   * fields it may change, picked from the schema the plan checks with — for the OpenAPI document only.
   */
  readonly fields?: Schema<unknown>;
}

/** A call with no body of its own to check (a read, or a call the route reads itself), its literals kept. */
export const apiCall = <const M extends Method, const P extends string, const A extends Action | null>(
  method: M,
  path: P,
  action: A,
) => ({ method, path, action });
