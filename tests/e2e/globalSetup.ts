import { ensureBuild } from './build';

/**
 * The browser suite's one build, before any file runs: its files run two at a time, and two stale-dist checks at
 * once would both build into dist/.
 */
export default function setup() {
  ensureBuild();
}
