import type { AppCore } from '../core/appCore.ts';
import type { Preset } from '../shared/models/preset.ts';
import type { RobotView } from '../shared/models/robot.ts';
import { sameName } from '../shared/names.ts';
import { notFoundError } from './cliError.ts';
import { shellWord } from './output.ts';

/** A preset of `robot` by name (or id), as people type it. */
export async function findPreset(core: AppCore, robot: RobotView, name: string): Promise<Preset> {
  const presets = await core.listPresets(robot.id);
  const preset = presets.find((p) => p.id === name) ?? presets.find((p) => sameName(p.name, name.trim()));
  if (preset === undefined) {
    throw notFoundError(
      `Robot "${robot.name}" has no preset named "${name}". List its presets with: robot-tray preset list ${shellWord(robot.name)}`,
    );
  }
  return preset;
}
