import {
  fieldValueProblem,
  typedFieldValue,
  withinPatternBudget,
  type PresetField,
} from '../models/presetFields.ts';
import { visibleText } from '../visibleText.ts';

type Field = Pick<PresetField, 'name' | 'secret'> & Partial<PresetField>;

/**
 * Why a link's field values do not fit a preset's fields, or undefined.
 * A name the preset has no field for, and a secret field (links never carry
 * one: it is asked for when the run is fired), make the link not this
 * preset's. With `values`, each given value is also checked against its
 * field's type and rules (as `robot-tray link create` does before printing one);
 * a missing required field is never a problem: whoever opens the link fills
 * it in.
 */
export function linkFieldsProblem(
  presetName: string,
  fields: readonly Field[],
  given: Readonly<Record<string, string>>,
  options: { values: boolean },
): string | undefined {
  return withinPatternBudget(() => problemIn(presetName, fields, given, options));
}

function problemIn(
  presetName: string,
  fields: readonly Field[],
  given: Readonly<Record<string, string>>,
  options: { values: boolean },
): string | undefined {
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const [name, text] of Object.entries(given)) {
    const field = byName.get(name);
    if (field === undefined) {
      const known =
        fields.length === 0 ? 'it has no fields' : `its fields are ${fields.map((f) => f.name).join(', ')}`;
      return `it fills in "${visibleText(name)}", and the preset "${visibleText(presetName)}" has no field by that name (${known}).`;
    }
    if (field.secret) {
      return `it fills in the secret field "${name}", and links never carry secret values; leave it out (it is asked for when the run is fired).`;
    }
    // An empty value is not given: the field's default applies.
    if (!options.values || field.type === undefined || text.trim() === '') continue;
    const rules = { ...field, type: field.type };
    const typed = typedFieldValue(rules, text);
    const reason = typed.ok ? fieldValueProblem(rules, typed.value) : typed.reason;
    if (reason !== undefined) return `the field ${name} ${reason}.`;
  }
  return undefined;
}
