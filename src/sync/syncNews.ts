/**
 * Every context that syncs a device's database — each tab, and the service worker's Background Sync — tells the
 * others when a sync cycle has finished (issue 14: a tab skipped by the outbox lock used to show "All changes on the
 * server" beside the old "Synced 9:14" until its own next cycle, up to 30 s later). One BroadcastChannel per
 * database; where there is none (an old browser), each context still refreshes at its own next cycle.
 */
export interface SyncNews {
  /** a sync cycle of this context ended: the others re-read the outbox and the last-sync time */
  announce(): void;
  /** calls `onNews` when another context announces; returns the way to stop listening */
  listen(onNews: () => void): () => void;
}

type Channel = Pick<BroadcastChannel, 'postMessage' | 'close'> & {
  onmessage: ((ev: MessageEvent) => void) | null;
  unref?: () => void;
};
export type ChannelClass = new (name: string) => Channel;

/** `Channel`: the BroadcastChannel class (the global one by default; null for none, as in a test of one context). */
export function syncNews(
  dbName: string,
  Channel: ChannelClass | null | undefined = (globalThis as { BroadcastChannel?: ChannelClass }).BroadcastChannel,
): SyncNews {
  const name = `baybook-sync:${dbName}`;
  let sender: Channel | null = null;
  return {
    announce() {
      if (!Channel) return;
      if (!sender) {
        sender = new Channel(name);
        // Node keeps a process alive for an open channel; a sender alone must not (tests, the server-side bench)
        sender.unref?.();
      }
      sender.postMessage('synced');
    },
    listen(onNews) {
      if (!Channel) return () => undefined;
      const channel = new Channel(name);
      channel.onmessage = () => onNews();
      channel.unref?.();
      return () => channel.close();
    },
  };
}
