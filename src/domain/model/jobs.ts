import { LIMITS } from '../schemas/fields';
import { int, json, stamps, text, time, uuid } from './fields';
import { plateKey } from './keys';
import { table } from './table';

/** A service request (SPEC §3 "job"): the vehicle's details as taken in, its status and its times. */
export const jobs = table({
  name: 'jobs',
  level: 1,
  fields: {
    id: uuid().primaryKey(),
    /** the device's series number, shown with a leading '#' */
    number: text(),
    customer_id: uuid().nullable(),
    vin: text().default(''),
    registration: text().default(''),
    first_name: text().default(''),
    last_name: text().default(''),
    contact: text().default(''),
    /** 'none' when absent */
    email: text().default('none'),
    mileage: int().range(0, LIMITS.mileage).default(0),
    service: json<string[]>().default([]),
    status: text(),
    book_start: time().nullable(),
    book_end: time().nullable(),
    start: time().nullable(),
    active_at: time().nullable(),
    complete_at: time().nullable(),
    technician: text().max(LIMITS.name).default(''),
    customer_note: text().max(LIMITS.note).default(''),
    service_note: text().max(LIMITS.text).default(''),
    comment: text().max(LIMITS.text).default(''),
    /** invoice ids (SPEC shows them comma-separated) */
    invoice: json<string[]>().default([]),
    /** 'product' for a sale without a vehicle */
    type: text().default('service'),
    created_by: text().default(''),
    ...stamps,
  },
  serverIndexes: [
    { name: 'jobs_number_uq', on: ['number'], unique: true },
    { name: 'jobs_status_idx', on: ['status', 'created_at'] },
    { name: 'jobs_vin_idx', on: ['vin'] },
    { name: 'jobs_customer_idx', on: ['customer_id'] },
    // the paged job table's usual sorts (newest first, by surname, by plate) read a page from an index
    { name: 'jobs_created_idx', on: ['created_at', 'id'] },
    { name: 'jobs_last_name_idx', on: ['last_name', 'id'] },
    { name: 'jobs_registration_idx', on: ['registration', 'id'] },
  ],
  device: {
    indexes: [
      'number',
      '[status+created_at]',
      '[status+complete_at]',
      'created_at',
      'vin_key',
      'registration_key',
      'customer_id',
      'book_start',
    ],
    keys: (j) => ({ registration_key: plateKey(j.registration), vin_key: plateKey(j.vin) }),
  },
});

export const servicePhotos = table({
  name: 'service_photos',
  // who may list a job's photos (GET /servicePhotos, PHOTO_READ in apiRoutes.ts: the Gallery is SPEC §6's level 3)
  // receives them in the pull; lower levels would hold rows whose bytes they may not read (issue 19)
  level: 3,
  fields: {
    id: uuid().primaryKey(),
    job_id: uuid(),
    src: text(),
    thumbnail: text(),
    // the type GET /photo/:id/:size sends the bytes with, and their stored length; screens use src/thumbnail only
    mime: text().serverOnly(),
    size: int().serverOnly(),
    ...stamps,
  },
  serverIndexes: [{ name: 'service_photos_job_idx', on: ['job_id'] }],
  device: { indexes: ['job_id'] },
});

/** A job's notes, in the order they were written. */
export const serviceLog = table({
  name: 'service_log',
  level: 3,
  fields: {
    id: uuid().primaryKey(),
    job_id: uuid(),
    message: text().max(LIMITS.text),
    username: text().default(''),
    ...stamps,
  },
  serverIndexes: [{ name: 'service_log_job_idx', on: ['job_id'] }],
  device: { indexes: ['[job_id+created_at]'] },
});

/**
 * The technician time clock (issue 18): one row per stretch a technician worked on a job, from start (or resume) to
 * pause or stop. A running stretch has no `stopped_at`; pausing or stopping sets it once, so a row changes at most
 * twice (its end set, a pause turned into a stop) and several technicians on one job never write the same row. The
 * desk may also mend its end afterwards (`ended: 'mend'`, src/domain/writes/clockMend.ts).
 */
export const clockEntries = table({
  name: 'clock_entries',
  // the job screens' level (SPEC §6 "above 2": a technician's list of jobs)
  level: 3,
  fields: {
    id: uuid().primaryKey(),
    job_id: uuid(),
    /** the technician clocked, as signed in */
    username: text(),
    started_at: time(),
    stopped_at: time().nullable(),
    /** how the stretch ended: '' while running, 'pause' or 'stop'; 'mend' when its stop was set afterwards */
    ended: text<ClockEnd>().default(''),
    /** the device that started it ('S' through the API) */
    device: text().default('S'),
    ...stamps,
  },
  serverIndexes: [
    { name: 'clock_entries_job_idx', on: ['job_id'] },
    { name: 'clock_entries_user_idx', on: ['username', 'started_at'] },
    { name: 'clock_entries_started_idx', on: ['started_at'] },
  ],
  device: { indexes: ['job_id', '[username+started_at]', 'started_at'] },
});

/** How a clock stretch ended: '' while it runs; 'mend': stopped afterwards at the time someone set (issue 18). */
export type ClockEnd = '' | 'pause' | 'stop' | 'mend';
