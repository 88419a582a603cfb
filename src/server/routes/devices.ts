import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { object, string } from 'yup';
import { isId } from '../../domain/ids';
import { devices, numberSeries } from '../db/schema';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { deviceCode } from '../numbers';

const deviceSchema = object({
  device_id: string()
    .required('Invalid device id')
    .test('uuid', 'Invalid device id', (v) => isId(v)),
});

export function deviceRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    method: 'POST',
    path: '/v3/devices',
    write: true,
    summary: 'Register this device; returns its short code for numbering jobs, invoices and receipts offline',
    body: deviceSchema,
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
      const [series] = await tx
        .insert(numberSeries)
        .values({ name: 'device', last: 1 })
        .onConflictDoUpdate({ target: numberSeries.name, set: { last: sql`${numberSeries.last} + 1` } })
        .returning({ last: numberSeries.last });
      const code = deviceCode(series.last);
      const [added] = await tx
        .insert(devices)
        .values({ id: body.device_id, code, username: user.username })
        .onConflictDoNothing()
        .returning({ code: devices.code });
      // a twin of this request (its retry, on another instance) registered the device meanwhile: its code stands
      if (!added) {
        const [twin] = await tx.select({ code: devices.code }).from(devices).where(eq(devices.id, body.device_id));
        return { value: true, code: twin.code };
      }
      log('system', `Device ${code}`, `registered by ${user.username}`);
      return { value: true, code };
    },
  });
}
