import type { ExportedPreset, ExportFile } from '../../shared/models/exportFile.ts';
import { Preset } from '../../shared/models/preset.ts';
import { Robot } from '../../shared/models/robot.ts';
import { sameName } from '../catalog.ts';
import { AppError } from '../errors.ts';
import type { CatalogFiles } from '../store/catalogFiles.ts';
import type { RobotTokens } from '../vault/robotTokens.ts';
import { type ImportChoices, type ImportPlan, planImport, type RobotStep } from './importPlan.ts';

export type ImportParts = {
  files: CatalogFiles;
  tokens: RobotTokens;
  now: () => number;
  newId: () => string;
};

/** Why a plan cannot be applied, with what to do: a flag or a choice per robot. */
function refusal(plan: ImportPlan): AppError {
  const conflicts = plan.robots.filter((s) => s.action === 'conflict').map((s) => `"${s.name}"`);
  if (conflicts.length > 0) {
    return new AppError(
      'validation',
      `Robots named ${conflicts.join(', ')} already exist here, so nothing was imported. ` +
        'Choose to replace them or skip them (robot-tray import FILE --replace or --skip-existing).',
    );
  }
  const bad = plan.robots.find((s) => s.action !== 'skip' && s.problem !== null)!;
  return new AppError(
    'validation',
    `Robot "${bad.name}" in the file cannot be imported: ${bad.problem} Nothing was imported; fix the file or skip that robot.`,
  );
}

/** The robot the file describes, over the one here when replacing (its id, CA file and, on the same origin, its token and accepted certificate stay). */
function robotRecord(
  step: RobotStep,
  incoming: ExportFile['robots'][number],
  existing: Robot | undefined,
  parts: ImportParts,
): Robot {
  const now = parts.now();
  const { presets: _presets, caFileNeeded: _ca, ...fields } = incoming;
  if (existing === undefined) {
    return Robot.parse({ ...fields, id: parts.newId(), createdAt: now, updatedAt: now });
  }
  const moved = step.originChange !== null;
  return Robot.parse({
    ...existing,
    ...fields,
    tokenUpdatedAt: moved ? null : existing.tokenUpdatedAt,
    tokenOrigin: moved ? null : existing.tokenOrigin,
    pinnedCertSha256: moved ? null : existing.pinnedCertSha256,
    pinnedCertOrigin: moved ? null : existing.pinnedCertOrigin,
    updatedAt: now,
  });
}

function presetRecords(
  robotId: string,
  incoming: readonly ExportedPreset[],
  current: readonly Preset[],
  parts: ImportParts,
): Preset[] {
  const now = parts.now();
  const mine = current.filter((p) => p.robotId === robotId);
  let order = mine.reduce((max, p) => Math.max(max, p.order + 1), 0);
  const next = [...current];
  for (const preset of incoming) {
    const index = next.findIndex((p) => p.robotId === robotId && sameName(p.name, preset.name));
    if (index >= 0) {
      const here = next[index]!;
      next[index] = Preset.parse({
        ...preset,
        id: here.id,
        robotId,
        order: here.order,
        createdAt: here.createdAt,
        updatedAt: now,
      });
    } else {
      next.push(
        Preset.parse({
          ...preset,
          id: parts.newId(),
          robotId,
          order: order++,
          createdAt: now,
          updatedAt: now,
        }),
      );
    }
  }
  return next;
}

/**
 * Import `file` with `choices`: planned again against the files as they are
 * now (another process may have changed them since the plan was shown), and
 * refused whole when that plan has a conflict or a problem. Tokens of robots
 * moving to another origin are deleted from the keychain first, so a file can
 * never redirect a stored token; then robots, then presets are written.
 */
export async function applyImport(
  file: ExportFile,
  choices: ImportChoices,
  parts: ImportParts,
): Promise<ImportPlan> {
  const [robots, presets] = await Promise.all([parts.files.robots.read(), parts.files.presets.read()]);
  const plan = planImport(file, robots, presets, choices);
  if (!plan.ready) throw refusal(plan);
  parts.files.robots.assertWritable();
  for (const step of plan.robots) {
    if (step.originChange === null) continue;
    const existing = robots.find((r) => r.name === step.existingName)!;
    await parts.tokens.clear(existing);
  }
  const ids = await parts.files.robots.update((current) => {
    const again = planImport(file, current, presets, choices);
    if (!again.ready) throw refusal(again);
    const next = [...current];
    const byName = new Map<string, string>();
    again.robots.forEach((step, i) => {
      if (step.action !== 'add' && step.action !== 'replace') return;
      const index = next.findIndex((r) => r.name === step.existingName);
      const record = robotRecord(step, file.robots[i]!, index < 0 ? undefined : next[index], parts);
      if (index < 0) next.push(record);
      else next[index] = record;
      byName.set(step.name, record.id);
    });
    return { next, result: byName };
  });
  await parts.files.presets.update((current) => {
    let next = [...current];
    file.robots.forEach((robot) => {
      const id = ids.get(robot.name);
      if (id !== undefined) next = presetRecords(id, robot.presets, next, parts);
    });
    return { next, result: undefined };
  });
  return plan;
}
