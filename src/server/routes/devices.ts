import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devices } from '../db/schema';
import { newCode, reclaimCode } from '../deviceCodes';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { API } from '../../domain/apiRoutes';

export function deviceRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: API.deviceCode,
    write: true,
    summary:
      'Register this device; returns its short code for numbering jobs, invoices and receipts offline (after a restore, the code it sends when no other device holds it)',
    async handler({ tx, body, user, log }) {
      const [known] = await tx.select().from(devices).where(eq(devices.id, body.device_id));
      if (known) {
        await tx
          .update(devices)
          .set({ last_seen_at: new Date(), username: user.username })
          .where(eq(devices.id, known.id));
        log('system', `Device ${known.code}`, `signed in by ${user.username}`);
        return { value: true, code: known.code };
      }
      // a device the server does not know that holds a code: the server was restored from an older backup
      const kept = body.code ? await reclaimCode(tx, body.device_id, body.code, user.username) : null;
      if (kept) {
        log('system', `Device ${kept}`, `registered again by ${user.username}`);
        return { value: true, code: kept };
      }
      const code = await newCode(tx, body.device_id, user.username);
      log('system', `Device ${code}`, `registered by ${user.username}`);
      return { value: true, code };
    },
  });
}
