import type { SetupAddress } from '../../domain/secureAddress';
import { fetchTransport } from '../../sync/transport';

/** GET /api/v3/setup-address (public): where this server is opened securely and set up; null when unreachable. */
export async function readSetupAddress(): Promise<SetupAddress | null> {
  try {
    return (await fetchTransport('/api')<SetupAddress>('GET', '/v3/setup-address', { timeoutMs: 10_000 })).data;
  } catch {
    return null;
  }
}
