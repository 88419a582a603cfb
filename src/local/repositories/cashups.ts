import { newRow } from '../../domain/model';
import { SERVER_DEVICE, expectedTakings, takenAfterClosing, tillOf, type CashupFigures } from '../../domain/cashup';
import { shopSettings } from '../../domain/configSheet';
import { shopDay } from '../../domain/dates';
import { newId } from '../../domain/ids';
import { CASHUP_CALLS, planCashup } from '../../domain/writes/cashups';
import { callOf, checkedCall } from '../calls';
import { getMeta, type BayBookDB, type CashupRow } from '../db';
import { LocalWriteError, localWrite } from '../write';

/** What the Cash-up screen shows for a day before it is closed: the till, the expected takings, a cash-up made. */
export interface CashupDay extends CashupFigures {
  day: string;
  till: string;
  /** this device's code ('S' before its first sign-in) */
  device: string;
  timeZone: string;
  /** the cash-up already made for this day and till, if any */
  made: CashupRow | undefined;
  /** once it is made: what the till took after it was closed, in no cash-up (issue 30) */
  after: CashupFigures | undefined;
}

/** What a cash-up takes from the screen: the day (the shop's today when left out), the cash counted, a note. */
export interface CashupEntry {
  day?: string;
  counted_cash: number | string;
  note?: string;
}

const HOUR = 3_600_000;

/**
 * Everything a cash-up of `day` reads, asked for at once: the config sheet, this device's code, the cash-ups of the
 * day and the payments of the 62 hours around it (every zone's day lies inside; the plan keeps the shop's). One
 * round of reads, so a live query observes all of them (reads chained after a native await escape its tracking).
 */
async function readDay(db: BayBookDB, day: string) {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const from = new Date(midnight - 14 * HOUR).toISOString();
  const to = new Date(midnight + 48 * HOUR).toISOString();
  const [config, code, taken, made] = await Promise.all([
    db.config.toArray(),
    getMeta<string>(db, 'deviceCode', ''),
    db.transactions.where('created_at').between(from, to, true, false).toArray(),
    db.cashups.where('day').equals(day).toArray(),
  ]);
  return { settings: shopSettings(config), device: code || SERVER_DEVICE, taken, made };
}

const deviceOf = async (db: BayBookDB) => (await getMeta<string>(db, 'deviceCode', '')) || SERVER_DEVICE;

/**
 * The cash-up at closing (issue 18, level 5): the day's expected takings from the transactions this device holds,
 * and the cash-up as a catalogue write (src/domain/writes/cashups.ts) — made offline, counted again by the server
 * from every device's payments when the outbox arrives.
 */
export function cashupsRepository(db: BayBookDB) {
  return {
    /** The shop day of `now` in the shop's zone ('YYYY-MM-DD'). */
    async today(now = new Date()): Promise<string> {
      return shopDay(now, shopSettings(await db.config.toArray()).timeZone);
    },
    /** The day as the screen shows it before closing: the till's expected takings and a cash-up already made. */
    async day(day: string): Promise<CashupDay> {
      const { settings, device, taken, made } = await readDay(db, day);
      const till = tillOf(settings.cashupScope, device);
      const figures = expectedTakings(taken, day, settings.timeZone, till);
      const mine = made.find((c) => c.till === till);
      const after = mine && takenAfterClosing(taken, mine, settings.timeZone);
      return { ...figures, day, till, device, timeZone: settings.timeZone, made: mine, after };
    },
    /** The cash-ups made, newest day first. */
    async recent(limit = 30): Promise<CashupRow[]> {
      return db.cashups.orderBy('day').reverse().limit(limit).toArray();
    },
    /** The entry as POST /v3/cashup will take it, refused in the server's words: checked before Close asks to confirm. */
    async check(entry: CashupEntry & { day: string }) {
      return checkedCall(db, CASHUP_CALLS.close, { ...entry, device: await deviceOf(db) });
    },
    /** POST /v3/cashup */
    async close(entry: CashupEntry): Promise<CashupRow> {
      const device = await deviceOf(db);
      const day = entry.day ?? (await this.today());
      const sent = { ...entry, day, device, closed_at: new Date().toISOString() };
      const v = await checkedCall(db, CASHUP_CALLS.close, sent);
      return localWrite(db, async (w) => {
        const { settings, taken, made } = await readDay(w.db, v.day);
        const plan = planCashup(v, {
          transactions: taken,
          made,
          scope: settings.cashupScope,
          timeZone: settings.timeZone,
          username: w.session.username,
          now: new Date(w.now),
        });
        if (!plan.ok) throw new LocalWriteError(plan.message);
        const id = newId();
        const row = await w.put('cashups', newRow('cashups', { id, ...plan.row }, w.now));
        await w.enqueue({ ...callOf(CASHUP_CALLS.close, { ...v, id }), creates: [id], label: plan.log.subject });
        return row;
      });
    },
  };
}
