import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  ExportedPreset,
  ExportedRobot,
  type ExportFile,
} from '../../shared/models/exportFile.ts';
import type { Preset } from '../../shared/models/preset.ts';
import type { Robot } from '../../shared/models/robot.ts';
import { notFound } from '../errors.ts';
import { sameName } from '../catalog.ts';

/**
 * The export of `robots` (all, or those named) and their presets. Each record
 * goes through the export schema, which keeps only what the file may carry:
 * no id, nothing about a token, no local path (see models/exportFile.ts).
 */
export function exportCatalog(
  robots: readonly Robot[],
  presets: readonly Preset[],
  now: number,
  names?: readonly string[],
): ExportFile {
  const chosen =
    names === undefined || names.length === 0
      ? robots
      : names.map((name) => {
          const robot =
            robots.find((r) => r.id === name) ?? robots.find((r) => sameName(r.name, name.trim()));
          if (robot === undefined)
            throw notFound(`Robot "${name}"`, 'Check the name, or list robots to see them.');
          return robot;
        });
  const unique = [...new Set(chosen)];
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now,
    robots: unique.map((robot) =>
      ExportedRobot.parse({
        ...robot,
        caFileNeeded: robot.caFile !== null,
        presets: presets
          .filter((p) => p.robotId === robot.id)
          .sort((a, b) => a.order - b.order || a.createdAt - b.createdAt)
          .map((p) => ExportedPreset.parse(p)),
      }),
    ),
  };
}

/** The file's bytes: indented, so a team catalog in git diffs line by line. */
export function exportText(file: ExportFile): string {
  return JSON.stringify(file, null, 2) + '\n';
}
