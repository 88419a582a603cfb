import { decideFields, fieldChangeShape, type FieldConflict } from '../fieldChanges';
import { MSG, fill } from '../messages';
import { configEditSchema } from '../schemas/admin';
import { configDescription } from '../schemas/config';
import { CONFIG_NAMES } from '../configSheet';
import { choicesOf, choicesText, pickChoice } from '../configChoices';
import { taxRateBp } from '../tax';
import type { Refusal, WriteCall } from './calls';

/**
 * A setting of the configuration sheet as a catalogue write (issue 17; SPEC §5, level 5): its edit. The call's schema
 * checks the description and the amount on the device as on the server (the device used to take an empty
 * description and leave the refusal to the sync); `planSettingEdit` says what lands.
 */
export const CONFIG_CALLS = {
  /** {description?, amount?, base?, device?}; a device sends only the fields changed (issue 14) */
  edit: {
    method: 'PUT',
    path: '/configsheet/:id',
    action: 'config.edit',
    body: configEditSchema.shape({ description: configDescription().optional(), ...fieldChangeShape }),
  },
} as const satisfies Record<string, WriteCall<unknown>>;

export interface SettingNow {
  /** the setting's name (src/domain/configSheet.ts CONFIG_NAMES): a few settings take only some amounts */
  name?: string;
  title: string;
  description: string;
  amount: number | null;
}

export type PlannedSetting =
  | {
      ok: true;
      apply: Record<string, unknown>;
      conflicts: FieldConflict[];
      /** the activity-log line, null when nothing landed */
      log: { subject: string; predicate: string } | null;
      message: string;
    }
  | Refusal;

const refused = (message: string): Refusal => ({ ok: false, message });

/**
 * What of a setting edit lands. Settings with a number keep a number (a text rate would break every invoice); a
 * setting without one keeps none. With `base` (issue 14) only the fields sent are decided, each against what the
 * device based it on, so two devices editing different settings — or the description and the amount of one — both
 * land, and the same field edited twice is a conflict; without, it is the whole setting, as older devices send it.
 */
function decide(
  row: SettingNow,
  sent: { description?: string; amount?: number | null; base?: Record<string, unknown> },
) {
  const numeric = row.amount !== null;
  if (numeric && sent.amount === null) return refused(MSG.configAmountRequired);
  // a tax rate the documents could not keep exactly (basis points) is refused, not rounded behind the shop's back
  if (row.name === CONFIG_NAMES.taxRate && sent.amount != null && taxRateBp(Number(sent.amount)) === null)
    return refused(MSG.taxRateInvalid);
  if (!sent.base) {
    if (numeric && sent.amount === undefined) return refused(MSG.configAmountRequired);
    if (sent.description === undefined) return refused(MSG.configDescriptionRequired);
    const apply = { description: sent.description, amount: numeric ? Number(sent.amount) : null };
    return { ok: true as const, apply, conflicts: [] };
  }
  const changes: Record<string, unknown> = {};
  if (sent.description !== undefined) changes.description = sent.description;
  if (numeric && sent.amount !== undefined) changes.amount = Number(sent.amount);
  return {
    ok: true as const,
    ...decideFields({ description: row.description, amount: row.amount }, { changes, base: sent.base }),
  };
}

export function planSettingEdit(
  row: SettingNow,
  sent: { description?: string; amount?: number | null; base?: Record<string, unknown> },
): PlannedSetting {
  // a setting of a few words keeps the word as the sheet spells it (" Yes" → "yes"); anything else is refused
  const choices = choicesOf(row.name);
  const picked = choices && sent.description !== undefined ? pickChoice(choices, sent.description) : undefined;
  if (choices && picked === null) return refused(fill(MSG.configChoice, { choices: choicesText(choices) }));
  const decided = decide(row, picked ? { ...sent, description: picked } : sent);
  if (!decided.ok) return decided;
  const landed = Object.keys(decided.apply).length > 0;
  const value = decided.apply.amount ?? decided.apply.description;
  return {
    ...decided,
    log: landed ? { subject: `Setting ${row.title}`, predicate: `set to ${String(value)}` } : null,
    message: decided.conflicts.length
      ? fill(MSG.fieldConflicts, { count: decided.conflicts.length })
      : MSG.configNotice,
  };
}
