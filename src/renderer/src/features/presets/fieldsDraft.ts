import {
  type FieldType,
  type PresetField,
  PresetFields,
  typedFieldValue,
} from '../../../../shared/models/presetFields.ts';

/** One field as the editor holds it: every value as typed, read into a PresetField on save. */
export type FieldRow = {
  id: string;
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  secret: boolean;
  default: string;
  pattern: string;
  min: string;
  max: string;
  /** One choice per line. */
  choices: string;
  help: string;
};

let nextId = 0;
export function newFieldRow(partial: Partial<FieldRow> = {}): FieldRow {
  nextId += 1;
  return {
    id: `field-${nextId}`,
    name: '',
    label: '',
    type: 'text',
    required: false,
    secret: false,
    default: '',
    pattern: '',
    min: '',
    max: '',
    choices: '',
    help: '',
    ...partial,
  };
}

const text = (value: unknown): string => (value === undefined ? '' : String(value));

export function fieldRowsOf(fields: readonly PresetField[]): FieldRow[] {
  return fields.map((f) =>
    newFieldRow({
      name: f.name,
      label: f.label ?? '',
      type: f.type,
      required: f.required,
      secret: f.secret,
      default: text(f.default),
      pattern: f.pattern ?? '',
      min: text(f.min),
      max: text(f.max),
      choices: (f.choices ?? []).join('\n'),
      help: f.help ?? '',
    }),
  );
}

function bound(row: FieldRow, value: string): number | string | undefined {
  const typed = value.trim();
  if (typed === '') return undefined;
  if (row.type !== 'number') return typed;
  const n = Number(typed);
  return Number.isFinite(n) ? n : typed;
}

/** The row as a field definition, before the schema judges it; only keys its type uses are set. */
function candidate(row: FieldRow): Record<string, unknown> {
  const out: Record<string, unknown> = { name: row.name.trim(), type: row.type };
  if (row.label.trim() !== '') out['label'] = row.label;
  if (row.required) out['required'] = true;
  if (row.secret) out['secret'] = true;
  if (row.help.trim() !== '') out['help'] = row.help;
  if (row.type === 'text' && row.pattern !== '') out['pattern'] = row.pattern;
  if (row.type === 'number' || row.type === 'date') {
    const min = bound(row, row.min);
    const max = bound(row, row.max);
    if (min !== undefined) out['min'] = min;
    if (max !== undefined) out['max'] = max;
  }
  if (row.type === 'choice')
    out['choices'] = row.choices
      .split('\n')
      .map((c) => c.trim())
      .filter((c) => c !== '');
  if (row.default.trim() !== '') {
    const typed = typedFieldValue({ name: row.name, type: row.type }, row.default);
    out['default'] = typed.ok ? typed.value : row.default;
  }
  return out;
}

/**
 * The fields as the preset will hold them, or the problems by row id and
 * part ("field-3.pattern"), in the schema's own words. The core checks the
 * same schema again when the preset is saved.
 */
export function readFieldRows(
  rows: readonly FieldRow[],
): { fields: PresetField[] } | { errors: Record<string, string> } {
  const parsed = PresetFields.safeParse(rows.map(candidate));
  if (parsed.success) return { fields: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [index, part] = issue.path;
    const row = typeof index === 'number' ? rows[index] : undefined;
    const key = row === undefined ? 'form' : `${row.id}.${typeof part === 'string' ? part : 'name'}`;
    errors[key] ??= issue.message.replace(/^Invalid input: /, '');
  }
  return { errors };
}

/** Move one row up or down, keeping the rest in order. */
export function moveFieldRow(rows: readonly FieldRow[], id: string, delta: number): FieldRow[] {
  const from = rows.findIndex((r) => r.id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row!);
  return next;
}
