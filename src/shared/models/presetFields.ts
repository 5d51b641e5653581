import { z } from 'zod';
import { lazySchema } from '../lazySchema.ts';
import {
  MAX_FIELD_CHOICES,
  MAX_FIELD_CHOICE_LENGTH,
  MAX_FIELD_HELP_LENGTH,
  MAX_FIELD_LABEL_LENGTH,
  MAX_FIELD_NAME_LENGTH,
  MAX_PRESET_FIELDS,
} from '../limits.ts';
import { patternProblem, withinPatternBudget } from './presetFieldPattern.ts';
import { FIELD_TYPES, fieldValueProblem, isIsoDate } from './presetFieldValues.ts';
import { hasControlCharacters } from './robot.ts';

export {
  FIELD_TYPES,
  fieldProblem,
  fieldValueProblem,
  isIsoDate,
  typedFieldValue,
  type FieldProblem,
  type FieldType,
  type FieldValue,
} from './presetFieldValues.ts';
export {
  FIELD_REFERENCE_KEY,
  fieldReferenceProblems,
  fieldValuesFromText,
  fillPresetArgs,
  hasFieldReferences,
  presetNeedsFields,
  replaceFieldReferences,
  type FieldValues,
  type FillResult,
} from './presetFieldFill.ts';
export { patternProblem, withinPatternBudget } from './presetFieldPattern.ts';
export { secretFieldsIn, secretPlaceholder, withSecretsFilled } from './secretPlaceholders.ts';

/**
 * A field's name, used in `{"$field": NAME}`, `--field NAME=VALUE` and links:
 * a letter, then letters, digits, "_" or "-", so it never needs quoting.
 */
export const FieldName = lazySchema(() =>
  z
    .string()
    .max(MAX_FIELD_NAME_LENGTH, `must be at most ${MAX_FIELD_NAME_LENGTH} characters`)
    .regex(
      /^[A-Za-z][A-Za-z0-9_-]*$/,
      'must start with a letter and hold only letters, digits, "_" and "-" (like customerId)',
    ),
);

const oneLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value), 'must be one line without tabs or control characters');

/**
 * One fill-in field of a preset. Which keys apply depends on the type:
 * `pattern` to text, `min`/`max` to number (numbers) and date (YYYY-MM-DD),
 * `choices` to choice (and is required there). A key that does not apply is
 * refused rather than silently ignored, and so is a default that breaks the
 * field's own rules. Unknown keys are refused too (a misspelt "requried"
 * would otherwise quietly do nothing). A pattern, and a default checked
 * against one, are judged by PresetFields, where one budget bounds them all.
 */
export const PresetField = lazySchema(() =>
  z
    .object({
      name: FieldName,
      label: oneLine(MAX_FIELD_LABEL_LENGTH).optional(),
      type: z.enum(FIELD_TYPES, { error: `must be one of ${FIELD_TYPES.join(', ')}` }),
      required: z.boolean().default(false),
      default: z.union([z.string(), z.number(), z.boolean()]).optional(),
      pattern: z.string().optional(),
      // Judged in the refinement below, by the field's type, so the message fits it.
      min: z.union([z.number(), z.string()]).optional(),
      max: z.union([z.number(), z.string()]).optional(),
      choices: z
        .array(oneLine(MAX_FIELD_CHOICE_LENGTH).pipe(z.string().min(1, 'must not be empty')))
        .min(1, 'must list at least one choice')
        .max(MAX_FIELD_CHOICES, `must list at most ${MAX_FIELD_CHOICES} choices`)
        .optional(),
      help: z
        .string()
        .trim()
        .max(MAX_FIELD_HELP_LENGTH, `must be at most ${MAX_FIELD_HELP_LENGTH} characters`)
        .optional(),
      secret: z.boolean().default(false),
    })
    .strict()
    .superRefine((field, ctx) => {
      let problems = 0;
      const issue = (path: string, message: string) => {
        problems++;
        ctx.addIssue({ code: 'custom', path: [path], message });
      };
      if (field.pattern !== undefined && field.type !== 'text')
        issue('pattern', 'applies to text fields only; remove it');
      for (const key of ['min', 'max'] as const) {
        const bound = field[key];
        if (bound === undefined) continue;
        if (field.type === 'number' && typeof bound !== 'number')
          issue(key, 'must be a number for a number field');
        else if (field.type === 'date' && (typeof bound !== 'string' || !isIsoDate(bound)))
          issue(key, 'must be a date written YYYY-MM-DD (like 2024-03-31) for a date field');
        else if (field.type !== 'number' && field.type !== 'date')
          issue(key, 'applies to number and date fields only; remove it');
      }
      if (typeof field.min === typeof field.max && field.min! > field.max!)
        issue('max', `must not be below min (${field.min})`);
      if (field.type === 'choice') {
        if (field.choices === undefined) issue('choices', 'a choice field must list its choices');
        else if (new Set(field.choices).size !== field.choices.length)
          issue('choices', 'must not list the same choice twice');
      } else if (field.choices !== undefined) issue('choices', 'applies to choice fields only; remove it');
      if (field.default !== undefined && field.pattern === undefined && problems === 0) {
        const problem = fieldValueProblem({ ...field, secret: false }, field.default);
        if (problem !== undefined) issue('default', problem);
      }
    }),
);
export type PresetField = z.infer<typeof PresetField>;
export type PresetFieldInput = z.input<typeof PresetField>;

/** A preset's fields: bounded in number, each name once (names are matched exactly). */
export const PresetFields = lazySchema(() =>
  z
    .array(PresetField)
    .max(MAX_PRESET_FIELDS, `must hold at most ${MAX_PRESET_FIELDS} fields`)
    .superRefine((fields, ctx) => {
      const seen = new Set<string>();
      fields.forEach((field, index) => {
        if (seen.has(field.name))
          ctx.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: `"${field.name}" is already the name of another field; field names must differ`,
          });
        seen.add(field.name);
      });
      // Checked here, not per field, so that one budget bounds the whole preset (or the file it is in).
      const faulty = new Set(ctx.issues.map((issue) => issue.path?.[0]));
      withinPatternBudget(() => {
        fields.forEach((field, index) => {
          if (field.pattern === undefined || field.type !== 'text' || faulty.has(index)) return;
          const issue = (key: string, message: string) =>
            ctx.addIssue({ code: 'custom', path: [index, key], message });
          const problem = patternProblem(field.pattern);
          if (problem !== undefined) return issue('pattern', problem);
          if (field.default === undefined) return;
          const wrong = fieldValueProblem({ ...field, secret: false }, field.default);
          if (wrong !== undefined) issue('default', wrong);
        });
      });
    }),
);

/**
 * Field values as they cross a boundary (IPC, the core's API): typed, by
 * name, null for "not given". Whether they suit the preset's fields is
 * decided where the preset is known (fillPresetArgs), never by the sender.
 */
export const FieldValuesInput = lazySchema(() =>
  z
    .record(z.string().max(MAX_FIELD_NAME_LENGTH), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .refine((values) => Object.keys(values).length <= MAX_PRESET_FIELDS, {
      message: `must give at most ${MAX_PRESET_FIELDS} values`,
    }),
);
