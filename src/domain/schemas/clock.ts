import { object, type InferType } from 'yup';
import { MSG } from '../messages';
import { idField } from './common';
import { deviceCode, instantText } from './fields';

/**
 * A time clock call (issue 18): the job, when it happened on the device (a clock stopped offline keeps its time when
 * it arrives later), the device; `id` names the stretch a start or resume makes.
 */
export const clockSchema = object({
  id: idField().optional(),
  job_id: idField(MSG.clockJob).required(MSG.clockJob),
  at: instantText(MSG.invalidDates),
  device: deviceCode(),
});
export type ClockInput = InferType<typeof clockSchema>;
