import type { Preset } from '../shared/models/preset.ts';
import {
  type FieldValues,
  fieldValueProblem,
  fieldValuesFromText,
  type PresetField,
  PresetFields,
  secretFieldsIn,
  typedFieldValue,
  withinPatternBudget,
} from '../shared/models/presetFields.ts';
import type { JsonObject } from '../shared/models/json.ts';
import { describeZodError } from '../shared/validation.ts';
import { parseOptionJson } from './args.ts';
import { argsJsonTexts } from './argsSources.ts';
import { usageError } from './cliError.ts';
import { shellWord } from './output.ts';

/**
 * The preset's field values from the text given for each (fieldSources.ts),
 * typed, or a usage error (exit 2) naming every field that is missing or
 * wrong and how to give it.
 */
export function presetFieldValues(
  preset: Preset,
  robotName: string,
  raw: Readonly<Record<string, string>>,
): FieldValues | undefined {
  if (preset.fields.length === 0 && Object.keys(raw).length === 0) return undefined;
  const result = fieldValuesFromText(preset.fields, raw);
  if (result.ok) return result.values;
  const missing = result.problems.filter((p) => /^is required/.test(p.reason)).map((p) => p.field);
  const how =
    missing.length > 0
      ? ` Pass ${missing.map((name) => (preset.fields.find((f) => f.name === name)?.secret ? `--field ${name}=@-` : `--field ${name}=VALUE`)).join(' ')}.`
      : ' Pass each as --field NAME=VALUE.';
  throw usageError(
    `Preset "${preset.name}" cannot be fired with these fields: ` +
      `${result.problems.map((p) => p.message).join('; ')}.${how} ` +
      `See its fields with: robot-tray preset show ${shellWord(robotName)} ${shellWord(preset.name)}`,
  );
}

/**
 * The secret fields' values a past call needs again (`refire --field`),
 * typed by its preset's field; any other name is refused.
 */
export function refireSecretValues(
  args: JsonObject,
  preset: Preset | undefined,
  raw: Readonly<Record<string, string>>,
): FieldValues | undefined {
  const names = secretFieldsIn(args);
  const missing = names.filter((name) => !Object.hasOwn(raw, name) || raw[name] === '');
  if (missing.length > 0) {
    throw usageError(
      `This call was sent with secret field${missing.length > 1 ? 's' : ''} ${missing.join(', ')}, ` +
        `whose value Robot Tray did not keep. Give it again: ${missing.map((n) => `--field ${n}=@-`).join(' ')} (stdin), or --field-env NAME=VAR.`,
    );
  }
  if (Object.keys(raw).length === 0) return undefined;
  return withinPatternBudget(() => secretValues(raw, names, preset));
}

function secretValues(
  raw: Record<string, string>,
  names: readonly string[],
  preset: Preset | undefined,
): FieldValues {
  const values: FieldValues = {};
  for (const [name, text] of Object.entries(raw)) {
    const field = preset?.fields.find((f) => f.name === name && f.secret);
    if (field === undefined || !names.includes(name)) {
      throw usageError(
        `--field ${name}: ${names.length === 0 ? 'this call has no secret fields' : `this call needs only ${names.join(', ')}`}; ` +
          'to change an argument use --arg.',
      );
    }
    const typed = typedFieldValue(field, text);
    const problem = typed.ok ? fieldValueProblem(field, typed.value) : typed.reason;
    if (problem !== undefined || !typed.ok) throw usageError(`--field ${name}: ${problem}.`);
    values[name] = typed.value;
  }
  return values;
}

/**
 * `--fields` for preset add and edit: a JSON list of field definitions, or
 * @FILE to read it from a file, checked here so a mistake names the field.
 */
export async function givenFields(text: string | undefined): Promise<PresetField[] | undefined> {
  if (text === undefined) return undefined;
  const [json] = await argsJsonTexts([text], '--fields');
  const value = parseOptionJson(json!.text, json!.where, 'a JSON list of fields');
  const parsed = PresetFields.safeParse(value);
  if (!parsed.success) throw usageError(`--fields: ${describeZodError(parsed.error, 'fields', 'fields')}.`);
  return parsed.data;
}

/** The fields as `preset show` lists them, one line each: what to pass and what is allowed. */
export function describeFields(fields: readonly PresetField[]): string {
  if (fields.length === 0) return 'none';
  return fields
    .map((f) => {
      const rules = [
        f.required ? 'required' : 'optional',
        f.secret ? 'secret (never stored)' : '',
        f.default === undefined ? '' : `default ${JSON.stringify(f.default)}`,
        f.pattern === undefined ? '' : `matches ${f.pattern}`,
        f.min === undefined ? '' : `min ${f.min}`,
        f.max === undefined ? '' : `max ${f.max}`,
        f.choices === undefined ? '' : `one of ${f.choices.join(', ')}`,
      ].filter((part) => part !== '');
      const label = f.label === undefined || f.label === f.name ? '' : ` "${f.label}"`;
      const help = f.help === undefined || f.help === '' ? '' : ` ${f.help}`;
      return `--field ${f.name}=… ${f.type}${label}: ${rules.join(', ')}.${help}`;
    })
    .join('\n');
}
