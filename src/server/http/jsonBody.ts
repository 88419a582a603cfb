import type { FastifyInstance } from 'fastify';
import { MSG, fill } from '../../domain/messages';
import { HttpError } from './errors';

/**
 * JSON request bodies, bounded before anything parses, walks or hashes them (issue 19): a body nested 10,000 deep
 * overflowed the stack in the idempotency hash. SPEC's deepest body (an estimate: data → productInvoice → line) is
 * 4 levels, so 32 leaves room for any client while keeping every recursive walk shallow.
 */
export const JSON_MAX_DEPTH = 32;
/** The largest JSON body: an estimate of 500 lines is about 60 KB; a photo goes as multipart, not JSON. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/**
 * True when `text` opens more than `max` arrays/objects at once. One linear pass over the raw text that skips
 * strings (so a '[' inside a value does not count), run before JSON.parse ever sees the body.
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's application/json parser with the same parser (prototype poisoning still refused) behind a size
 * and a depth limit. Refusals are 400/413 with a message a person can read, never a 500.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_MAX_BYTES },
    (req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (nestedDeeperThan(text, JSON_MAX_DEPTH)) {
        done(new HttpError(400, fill(MSG.jsonTooDeep, { max: JSON_MAX_DEPTH })), undefined);
        return;
      }
      // Fastify's parser is its callback form (it answers through the callback, at once, and returns nothing); its
      // type also admits the promise form, which is why the call is marked void
      void parse(req, text, (err, value) => {
        if (err) done(new HttpError(400, MSG.jsonInvalid), undefined);
        else done(null, value);
      });
    },
  );
}
