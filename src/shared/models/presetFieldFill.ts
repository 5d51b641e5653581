import { argsLimitProblem } from '../limits.ts';
import { formatPath } from '../validation.ts';
import { visibleText } from '../visibleText.ts';
import type { JsonObject, JsonValue } from './json.ts';
import {
  fieldProblem,
  fieldValueProblem,
  typedFieldValue,
  type FieldProblem,
  type FieldRules,
  type FieldValue,
} from './presetFieldValues.ts';
import { withinPatternBudget } from './presetFieldPattern.ts';
import { secretPlaceholder } from './secretPlaceholders.ts';

/** The one key of a field reference: `{"$field": "customerId"}`. */
export const FIELD_REFERENCE_KEY = '$field';

/** Values by field name; null or a missing name means "not given" (the default applies). */
export type FieldValues = Record<string, FieldValue | null>;

interface FieldSpec extends FieldRules {
  required?: boolean | undefined;
  default?: FieldValue | undefined;
}

/** The parts of a preset that filling reads. */
interface FillablePreset {
  fields: readonly FieldSpec[];
  args: JsonObject;
}

export type FillResult =
  | {
      ok: true;
      /** What the robot is sent. */
      args: JsonObject;
      /** What the history keeps: `args` with each secret field's value replaced by secretPlaceholder. */
      kept: JsonObject;
      /** The value each field ended up with (given, default, or null), secret ones included. */
      used: FieldValues;
    }
  | { ok: false; problems: FieldProblem[] };

/** Whether firing this preset asks for values first (it declares fields). */
export function presetNeedsFields(preset: { fields?: readonly unknown[] | undefined }): boolean {
  return (preset.fields?.length ?? 0) > 0;
}

const MAX_REPORTED = 20;

type Reference = { name: string } | { malformed: true };

function referenceIn(value: JsonValue): Reference | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  if (!Object.hasOwn(value, FIELD_REFERENCE_KEY)) return undefined;
  const name = value[FIELD_REFERENCE_KEY];
  return Object.keys(value).length === 1 && typeof name === 'string' ? { name } : { malformed: true };
}

/**
 * Copy `args` with every field reference replaced by `replace(name, path)`.
 * Arguments are at most MAX_ARGS_DEPTH levels deep (the schema refuses
 * deeper ones before a preset exists), so the recursion is bounded.
 */
function mapReferences(
  args: JsonObject,
  replace: (reference: Reference, path: Array<string | number>) => JsonValue,
): JsonObject {
  const walk = (value: JsonValue, path: Array<string | number>): JsonValue => {
    const reference = referenceIn(value);
    if (reference !== undefined) return replace(reference, path);
    if (Array.isArray(value)) return value.map((item, i) => walk(item, [...path, i]));
    if (typeof value === 'object' && value !== null) {
      const out: JsonObject = {};
      for (const [key, item] of Object.entries(value)) {
        // defineProperty: a "__proto__" key stays an ordinary key in the copy.
        Object.defineProperty(out, key, {
          value: walk(item, [...path, key]),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    return value;
  };
  return walk(args, ['args']) as JsonObject;
}

/** `args` with each well-formed reference replaced by `value(name)` (for checks before any value is known). */
export function replaceFieldReferences(args: JsonObject, value: (name: string) => JsonValue): JsonObject {
  return mapReferences(args, (reference) => ('name' in reference ? value(reference.name) : null));
}

/** Whether `args` hold any field reference (well-formed or not). */
export function hasFieldReferences(args: JsonObject): boolean {
  let found = false;
  mapReferences(args, () => {
    found = true;
    return null;
  });
  return found;
}

/**
 * References in `args` that cannot be filled: one naming a field the preset
 * does not declare, or an object with "$field" that is not exactly
 * `{"$field": "NAME"}`. Each problem names the path. A declared field no
 * argument uses is fine (its value is asked for and not sent).
 */
export function fieldReferenceProblems(
  fields: readonly { name: string }[],
  args: JsonObject,
): FieldProblem[] {
  const declared = new Set(fields.map((f) => f.name));
  const problems: FieldProblem[] = [];
  mapReferences(args, (reference, path) => {
    if (problems.length >= MAX_REPORTED) return null;
    const where = formatPath(path);
    if ('malformed' in reference)
      problems.push(
        fieldProblem(
          where,
          'a field reference must be exactly {"$field": "NAME"} with a field\'s name; fix or remove it',
        ),
      );
    else if (!declared.has(reference.name))
      problems.push(
        fieldProblem(
          where,
          `refers to field "${visibleText(reference.name)}", which this preset does not declare; add that field or remove the reference`,
        ),
      );
    return null;
  });
  return problems;
}

function unknownNames(fields: readonly FieldSpec[], names: readonly string[]): FieldProblem[] {
  const declared = new Set(fields.map((f) => f.name));
  const list = fields.map((f) => f.name).join(', ');
  const known = fields.length === 0 ? 'this preset has no fields' : `its fields are ${list}`;
  return names
    .filter((name) => !declared.has(name))
    .slice(0, MAX_REPORTED)
    .map((name) => fieldProblem(visibleText(name), `this preset has no field by that name; ${known}`));
}

/**
 * Field values typed as text (`--field customerId=123`, a link, a form) as
 * typed values, or every problem found: unknown names, spellings that are
 * not of the field's type, broken rules (pattern, range, choices), and
 * required fields with no value and no default. An empty text means "not
 * given", so the field's default applies.
 */
export function fieldValuesFromText(
  fields: readonly FieldSpec[],
  raw: Readonly<Record<string, string>>,
): { ok: true; values: FieldValues } | { ok: false; problems: FieldProblem[] } {
  return withinPatternBudget(() => valuesFromText(fields, raw));
}

function valuesFromText(
  fields: readonly FieldSpec[],
  raw: Readonly<Record<string, string>>,
): { ok: true; values: FieldValues } | { ok: false; problems: FieldProblem[] } {
  const problems = unknownNames(fields, Object.keys(raw));
  const values: FieldValues = {};
  for (const field of fields) {
    const text = Object.hasOwn(raw, field.name) ? raw[field.name] : undefined;
    if (text === undefined || text.trim() === '') {
      const missing = missingProblem(field);
      if (missing !== undefined) problems.push(missing);
      continue;
    }
    const typed = typedFieldValue(field, text);
    const reason = typed.ok ? fieldValueProblem(field, typed.value) : typed.reason;
    if (reason !== undefined) problems.push(fieldProblem(field.name, reason));
    else if (typed.ok) values[field.name] = typed.value;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, values };
}

function missingProblem(field: FieldSpec): FieldProblem | undefined {
  if (field.required !== true || field.default !== undefined) return undefined;
  return fieldProblem(field.name, 'is required and has no default; give it a value');
}

/**
 * The preset's arguments with every `{"$field": NAME}` replaced by that
 * field's value: the one given, else its default, else null. Nothing is
 * spliced into text; a value takes the reference's place whole. Refused,
 * with every problem, when a value is missing, of the wrong type, breaks
 * the field's rules, is given for a name the preset does not declare, or
 * when an argument refers to an undeclared field.
 */
export function fillPresetArgs(
  preset: FillablePreset,
  values: Readonly<Record<string, unknown>>,
): FillResult {
  return withinPatternBudget(() => fill(preset, values));
}

function fill(preset: FillablePreset, values: Readonly<Record<string, unknown>>): FillResult {
  const problems = [
    ...fieldReferenceProblems(preset.fields, preset.args),
    ...unknownNames(preset.fields, Object.keys(values)),
  ];
  const used: FieldValues = {};
  for (const field of preset.fields) {
    const given = Object.hasOwn(values, field.name) ? values[field.name] : undefined;
    if (given === undefined || given === null) {
      const missing = missingProblem(field);
      if (missing !== undefined) problems.push(missing);
      used[field.name] = field.default ?? null;
      continue;
    }
    const reason = fieldValueProblem(field, given);
    if (reason !== undefined) problems.push(fieldProblem(field.name, reason));
    else used[field.name] = given as FieldValue;
  }
  if (problems.length > 0) return { ok: false, problems };
  const byName = new Map(preset.fields.map((f) => [f.name, f]));
  const valueOf = (reference: Reference): FieldValue | null =>
    'name' in reference ? (used[reference.name] ?? null) : null;
  const args = mapReferences(preset.args, valueOf);
  const kept = mapReferences(preset.args, (reference) =>
    'name' in reference && byName.get(reference.name)?.secret === true
      ? secretPlaceholder(reference.name)
      : valueOf(reference),
  );
  const tooBig = argsLimitProblem(args);
  if (tooBig !== undefined)
    return { ok: false, problems: [fieldProblem('args', `once filled in, ${tooBig}`)] };
  return { ok: true, args, kept, used };
}
