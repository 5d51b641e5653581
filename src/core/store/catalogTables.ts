import { z } from 'zod';
import { Preset } from '../../shared/models/preset.ts';
import { RememberedValues } from '../../shared/models/rememberedValues.ts';
import { Robot } from '../../shared/models/robot.ts';
import { Settings } from '../../shared/models/settings.ts';
import type { Connection } from './connection.ts';
import { RecordTable } from './recordTable.ts';
import type { WarningLog } from './warnings.ts';

/** The settings as their one row holds them. */
const SettingsRow = z.object({ id: z.literal('settings'), value: Settings });

/**
 * The settings: one record, every field present (missing ones take their
 * defaults, as Settings parses them), written like any record.
 */
export class SettingsRecord {
  readonly #table: RecordTable<typeof SettingsRow>;

  constructor(table: RecordTable<typeof SettingsRow>) {
    this.#table = table;
  }

  read(options?: { maxAgeMs?: number }): Settings {
    return this.#table.read(options)[0]?.value ?? Settings.parse({});
  }

  update<R>(change: (current: Settings) => { next: Settings; result: R }): Promise<R> {
    return this.#table.update((rows) => {
      const { next, result } = change(rows[0]?.value ?? Settings.parse({}));
      return { next: [{ id: 'settings' as const, value: next }], result };
    });
  }
}

/**
 * Robots, presets, each preset's last field values and the settings, as
 * tables of Robot Tray's database (recordTable.ts); `afterWrite` runs after
 * a change to the robots, presets or settings (the catalog backup).
 */
export function openCatalogTables(
  conn: Connection,
  warnings: WarningLog,
  now: () => number,
  afterWrite?: () => Promise<void>,
) {
  // What every table shares; backedUp: a change to it is in the catalog backup.
  const common = { warnings, now };
  const backedUp = afterWrite === undefined ? common : { ...common, afterWrite };
  const kept = 'the others are as they were.';
  return {
    robots: new RecordTable(conn, {
      ...backedUp,
      table: 'robots',
      kind: 'robots',
      record: Robot,
      label: 'A robot',
      namedById: true,
      afterward: kept,
    }),
    presets: new RecordTable(conn, {
      ...backedUp,
      table: 'presets',
      kind: 'presets',
      record: Preset,
      label: 'A preset',
      namedById: true,
      afterward: kept,
    }),
    /** The last field values per preset (src/core/presetMemory.ts): never a secret field's. */
    presetValues: new RecordTable(conn, {
      ...common,
      table: 'preset_values',
      kind: 'preset-values',
      record: RememberedValues,
      label: "A preset's last field values",
      namedById: true,
      afterward: 'its form starts empty.',
    }),
    settings: new SettingsRecord(
      new RecordTable(conn, {
        ...backedUp,
        table: 'settings',
        kind: 'settings',
        record: SettingsRow,
        label: 'The settings record',
        namedById: false,
        afterward: 'the defaults are used until the settings are changed.',
      }),
    ),
  };
}
export type CatalogTables = ReturnType<typeof openCatalogTables>;
