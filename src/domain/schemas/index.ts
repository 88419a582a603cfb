/**
 * The yup schemas of SPEC §5 with SPEC's exact messages. Forms use them through react-hook-form's yupResolver;
 * the server's defineRoute validates payloads with the same schemas via `validatePayload` (first failing field in
 * declaration order). Money is integer cents on the wire.
 */
export * from './common';
export * from './fields';
export * from './customer';
export * from './job';
export * from './product';
export * from './money';
export * from './admin';
export * from './config';
export * from './team';
