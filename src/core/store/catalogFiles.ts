import path from 'node:path';
import { z } from 'zod';
import { Preset } from '../../shared/models/preset.ts';
import { RememberedValues } from '../../shared/models/rememberedValues.ts';
import { Robot } from '../../shared/models/robot.ts';
import { Settings } from '../../shared/models/settings.ts';
import type { AppError } from '../errors.ts';
import { JsonFileStore } from './jsonFileStore.ts';
import type { WarningLog } from './warnings.ts';

export const RobotList = z.array(Robot);
export const PresetList = z.array(Preset);

/** The small JSON files in the data folder, each with its schema version. */
export function openCatalogFiles(
  dataDir: string,
  warnings: WarningLog,
  now: () => number,
  /** Set when the data folder cannot be written: reads work, every change throws it. */
  readOnly?: AppError,
) {
  return {
    robots: new JsonFileStore({
      file: path.join(dataDir, 'robots.json'),
      label: 'robots',
      schema: RobotList,
      record: Robot,
      version: 1,
      empty: () => [],
      warnings,
      now,
      readOnly,
    }),
    presets: new JsonFileStore({
      file: path.join(dataDir, 'presets.json'),
      label: 'presets',
      schema: PresetList,
      record: Preset,
      version: 1,
      empty: () => [],
      warnings,
      now,
      readOnly,
    }),
    /** The last field values per preset (src/core/presetMemory.ts): never a secret field's. */
    presetValues: new JsonFileStore({
      file: path.join(dataDir, 'preset-values.json'),
      label: 'last field values (forms start empty)',
      schema: RememberedValues,
      version: 1,
      empty: () => ({}),
      warnings,
      now,
      readOnly,
    }),
    settings: new JsonFileStore({
      file: path.join(dataDir, 'settings.json'),
      label: 'settings (defaults are used)',
      schema: Settings,
      version: 1,
      empty: () => Settings.parse({}),
      warnings,
      now,
      readOnly,
    }),
  };
}
export type CatalogFiles = ReturnType<typeof openCatalogFiles>;
