import type { ImportPlan, RobotStep } from '../../../../shared/models/importPlan.ts';

/** What happens to the robot, in the plan's words. */
export function actionWords(step: RobotStep): string {
  switch (step.action) {
    case 'add':
      return 'Added';
    case 'replace':
      return `Replaces your “${step.existingName ?? step.name}”`;
    case 'skip':
      return 'Skipped: yours stays as it is';
    case 'conflict':
      return 'Already here: choose';
  }
}

export function tokenWords(step: RobotStep): string {
  switch (step.token) {
    case 'needed':
      return 'Token needed';
    case 'kept':
      return 'Keeps its token';
    case 'removed':
      return 'Token deleted (new address): token needed';
    case 'unchanged':
      return '—';
  }
}

export function presetWords(step: RobotStep): string {
  if (step.action === 'skip' || step.action === 'conflict') return '—';
  if (step.presets.length === 0) return 'none';
  const count = (action: string) => step.presets.filter((p) => p.action === action).length;
  const parts = [
    count('add') > 0 ? `${count('add')} added` : '',
    count('replace') > 0 ? `${count('replace')} replaced` : '',
  ].filter((part) => part !== '');
  return `${parts.join(', ')} (${step.presets.map((p) => p.name).join(', ')})`;
}

/** The line under the plan: what is left to decide, or what confirming does. */
export function planStatus(plan: ImportPlan): string {
  const conflicts = plan.robots.filter((s) => s.action === 'conflict').length;
  if (conflicts > 0)
    return `${conflicts === 1 ? 'One robot is' : `${conflicts} robots are`} already here: choose Replace or Skip for each. Nothing has changed yet.`;
  const bad = plan.robots.find((s) => s.action !== 'skip' && s.problem !== null);
  if (bad !== undefined)
    return `“${bad.name}” cannot be imported: skip it or fix the file. Nothing has changed yet.`;
  const changing = plan.robots.filter((s) => s.action === 'add' || s.action === 'replace').length;
  if (changing === 0) return 'Nothing to import: every robot is skipped.';
  return 'Nothing has changed yet. Import applies exactly this; no token is in the file.';
}

export function importedWords(plan: ImportPlan): string {
  const count = (action: RobotStep['action']) => plan.robots.filter((s) => s.action === action).length;
  return `Imported: ${count('add')} added, ${count('replace')} replaced, ${count('skip')} skipped. Set a token for each robot marked “Token needed”.`;
}
