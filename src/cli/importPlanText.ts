import type { ImportPlan, RobotStep } from '../core/sharing/importPlan.ts';
import { shellWord } from './output.ts';

const TOKEN_WORDS: Record<RobotStep['token'], string> = {
  needed: 'token needed',
  kept: 'keeps its token',
  removed: 'its token is deleted (new origin): token needed',
  unchanged: 'unchanged',
};

function presetWords(step: RobotStep): string {
  if (step.presets.length === 0) return 'no presets';
  return step.presets.map((p) => `${p.action} "${p.name}"`).join(', ');
}

/** One robot of the plan, as a line (and notes under it) for a terminal. */
function robotLines(step: RobotStep): string[] {
  const head = `  ${step.action.padEnd(8)} ${step.name} (${step.baseUrl})`;
  if (step.action === 'conflict') {
    return [`${head}: already here; use --replace or --skip-existing`];
  }
  if (step.action === 'skip') return [`${head}: already here, left as it is`];
  const lines = [`${head}: ${TOKEN_WORDS[step.token]}; presets: ${presetWords(step)}`];
  if (step.originChange !== null)
    lines.push(`           moves from ${step.originChange.from} to ${step.originChange.to}`);
  if (step.caFileNeeded)
    lines.push('           used a CA file where it came from: choose one with robot edit --ca-file');
  if (step.plainHttpTo !== null)
    lines.push(
      `           the file allows plain http: its token would travel unencrypted to ${step.plainHttpTo}` +
        ` (after importing, robot edit ${shellWord(step.name)} --no-allow-insecure-http turns that off)`,
    );
  if (step.problem !== null) lines.push(`           cannot be imported: ${step.problem}`);
  return lines;
}

/** The plan as people read it before (--dry-run) or after an import. */
export function importPlanText(plan: ImportPlan, source: string): string {
  if (plan.robots.length === 0) return `${source} holds no robots; nothing to import.`;
  return [`Import from ${source}:`, ...plan.robots.flatMap(robotLines)].join('\n');
}

export function importCounts(plan: ImportPlan): string {
  const count = (action: RobotStep['action']) => plan.robots.filter((s) => s.action === action).length;
  return `${count('add')} added, ${count('replace')} replaced, ${count('skip')} skipped`;
}
