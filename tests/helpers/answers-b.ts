/**
 * Answer shapes more than one API suite reads, beside tests/helpers/answers.ts: what a write says, whether it took or
 * was refused (SPEC §5 words on both), as a test reads it to explain a failed status.
 */
export interface Said {
  value: boolean;
  message?: string;
}
