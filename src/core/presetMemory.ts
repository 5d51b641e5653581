import type { Preset } from '../shared/models/preset.ts';
import { type FieldValues, fieldValueProblem, withinPatternBudget } from '../shared/models/presetFields.ts';
import type { CatalogFiles } from './store/catalogFiles.ts';

/**
 * The last values given to each preset's fields, so its form starts filled
 * in. A secret field's value is never written here (the fire leaves it out,
 * and recall drops a name that has become secret since).
 */
export class PresetMemory {
  readonly #files: CatalogFiles;

  constructor(files: CatalogFiles) {
    this.#files = files;
  }

  /**
   * Remember `values` for the preset, dropping presets that no longer exist.
   * A data folder that cannot be written only means the form starts empty
   * next time, which is no reason to fail a fire already sent.
   */
  async remember(presetId: string, values: FieldValues): Promise<void> {
    const kept: Record<string, string | number | boolean> = {};
    for (const [name, value] of Object.entries(values)) if (value !== null) kept[name] = value;
    const presetIds = new Set((await this.#files.presets.read()).map((p) => p.id));
    await this.#files.presetValues
      .update((all) => {
        const next: typeof all = {};
        for (const [id, stored] of Object.entries(all))
          if (presetIds.has(id) && id !== presetId) next[id] = stored;
        if (Object.keys(kept).length > 0) next[presetId] = kept;
        return { next, result: undefined };
      })
      .catch(() => undefined);
  }

  /** The values to start the preset's form with: last given, still valid, never a secret field's. */
  async recall(preset: Preset): Promise<FieldValues> {
    const stored = (await this.#files.presetValues.read())[preset.id] ?? {};
    const values: FieldValues = {};
    withinPatternBudget(() => {
      for (const field of preset.fields) {
        const value = Object.hasOwn(stored, field.name) ? stored[field.name] : undefined;
        if (field.secret || value === undefined) continue;
        if (fieldValueProblem(field, value) === undefined) values[field.name] = value;
      }
    });
    return values;
  }
}
