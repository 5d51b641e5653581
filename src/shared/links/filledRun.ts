import type { JsonObject } from '../models/json.ts';
import type { Preset } from '../models/preset.ts';
import {
  fieldValuesFromText,
  fillPresetArgs,
  type FieldProblem,
  type FieldValues,
} from '../models/presetFields.ts';

export type FilledRun =
  /** `shown`: the arguments as sent, each secret field's value a placeholder (what the history keeps). */
  | { ok: true; values: FieldValues; shown: JsonObject }
  /** `shown`: the preset's arguments with their field references, until the fields are right. */
  | { ok: false; problems: FieldProblem[]; shown: JsonObject };

/**
 * A preset's run with its fields filled from text (a link's values, a form's
 * boxes): the typed values to fire with and the arguments to show, or every
 * problem, each naming its field. Secret values are never shown.
 */
export function filledRun(
  preset: Pick<Preset, 'fields' | 'args'>,
  texts: Readonly<Record<string, string>>,
): FilledRun {
  const read = fieldValuesFromText(preset.fields, texts);
  if (!read.ok) return { ok: false, problems: read.problems, shown: preset.args };
  const filled = fillPresetArgs(preset, read.values);
  if (!filled.ok) return { ok: false, problems: filled.problems, shown: preset.args };
  return { ok: true, values: read.values, shown: filled.kept };
}
