/** A rule's answer: allowed, or refused with the message the user sees (SPEC's words). */
export type Check = { ok: true } | { ok: false; message: string };

export const OK: Check = { ok: true };

export const refuse = (message: string): Check => ({ ok: false, message });
