import { LEVEL_NAMES, type Level } from '../../../domain/levels';
import { can, minLevel, type Action } from '../../../domain/permissions';

/** Why a level may not do an action, in the team's words (SPEC §6). */
function needs(action: Action, what: string): string {
  const need = minLevel(action) as Level;
  return `${what} needs ${LEVEL_NAMES[need]} (level ${need}) or higher.`;
}

/**
 * What the estimate editor lets this level do (SPEC §6: hide or disable what the level may not do, and say why):
 * saving needs estimate.create or estimate.edit, printing and the Estimates table estimate.view. `reasons` says why
 * each off button is off; `notice` asks for someone who may save.
 */
export function estimateAccess(level: number, saved: boolean) {
  const saveAction: Action = saved ? 'estimate.edit' : 'estimate.create';
  const canSave = can(saveAction, level);
  const canView = can('estimate.view', level);
  const saveNeeds = needs(saveAction, saved ? 'Editing an estimate' : 'Saving an estimate');
  const reasons: string[] = [];
  if (!canView) reasons.push(`View Estimates: ${needs('estimate.view', 'The Estimates table')}`);
  if (!canView) reasons.push(`Print Estimate: ${needs('estimate.view', 'Printing an estimate')}`);
  else if (!saved) reasons.push('Print Estimate: save the estimate first, then print it.');
  if (!canSave) reasons.push(`Save Changes: ${saveNeeds}`);
  const asker = LEVEL_NAMES[minLevel(saveAction) as Level];
  return {
    canSave,
    canView,
    reasons,
    notice: canSave ? null : `${saveNeeds} Ask an ${asker} to ${saved ? 'edit' : 'make'} it.`,
  };
}
