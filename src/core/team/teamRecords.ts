import { createHash } from 'node:crypto';
import type { ExportFile } from '../../shared/models/exportFile.ts';
import { Preset } from '../../shared/models/preset.ts';
import { withinPatternBudget } from '../../shared/models/presetFieldPattern.ts';
import { Robot } from '../../shared/models/robot.ts';
import { nameKey } from '../../shared/names.ts';
import { TEAM_ID_PREFIX } from '../../shared/models/teamCatalog.ts';

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 20);

/**
 * A team robot's id, from its name alone: the same in every reload and on
 * every desk, and by the one name rule, so two spellings of one name are one
 * robot with one id.
 */
export function teamRobotId(name: string): string {
  return TEAM_ID_PREFIX + digest(`robot\u0000${nameKey(name)}`);
}

export function teamPresetId(robotName: string, presetName: string): string {
  return TEAM_ID_PREFIX + digest(`preset\u0000${nameKey(robotName)}\u0000${nameKey(presetName)}`);
}

/**
 * The catalog file's robots and presets as records the core can fire. No
 * token note (the keychain is asked, see TeamCatalog), no CA file, no
 * accepted certificate, no plain http to another machine (the token would
 * travel unencrypted): a shared file decides none of these for this desk.
 */
export function teamRecords(file: ExportFile): { robots: Robot[]; presets: Preset[] } {
  return withinPatternBudget(() => records(file));
}

function records(file: ExportFile): { robots: Robot[]; presets: Preset[] } {
  const robots: Robot[] = [];
  const presets: Preset[] = [];
  for (const incoming of file.robots) {
    const { presets: own, caFileNeeded: _ca, ...fields } = incoming;
    const id = teamRobotId(incoming.name);
    robots.push(
      Robot.parse({
        ...fields,
        allowInsecureHttp: false,
        id,
        createdAt: file.exportedAt,
        updatedAt: file.exportedAt,
      }),
    );
    own.forEach((preset, order) =>
      presets.push(
        Preset.parse({
          ...preset,
          id: teamPresetId(incoming.name, preset.name),
          robotId: id,
          order,
          createdAt: file.exportedAt,
          updatedAt: file.exportedAt,
        }),
      ),
    );
  }
  return { robots, presets };
}
