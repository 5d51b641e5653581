import { MAX_FIELD_VALUE_LENGTH } from '../limits.ts';
import { checkPattern } from './presetFieldPattern.ts';
import { visibleText } from '../visibleText.ts';

export const FIELD_TYPES = ['text', 'number', 'boolean', 'choice', 'date'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A typed field value: text, choice and date are strings (a date as YYYY-MM-DD). */
export type FieldValue = string | number | boolean;

/** What a value is checked against; the shape of a parsed PresetField. */
export interface FieldRules {
  name: string;
  type: FieldType;
  pattern?: string | undefined;
  min?: number | string | undefined;
  max?: number | string | undefined;
  choices?: string[] | undefined;
  secret?: boolean | undefined;
}

/**
 * One thing wrong with a field's value: `field` names the field (or the
 * unknown name given), `reason` says what is wrong and how to put it right,
 * `message` is both in one line ("customerId: must match ^[0-9]+$, got 'abc'").
 */
export interface FieldProblem {
  field: string;
  reason: string;
  message: string;
}

export function fieldProblem(field: string, reason: string): FieldProblem {
  return { field, reason, message: `${field}: ${reason}` };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2024-02-30 is not one). */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (m === null) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A value as quoted in a message: cut short and made safe to show. A
 * secret field's value is never repeated back, not even in an error.
 */
export function quoteValue(field: FieldRules, value: unknown): string {
  if (field.secret === true) return '(secret value not shown)';
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const short = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return typeof value === 'string' ? `'${visibleText(short)}'` : visibleText(short);
}

const TYPE_WORDS: Record<FieldType, string> = {
  text: 'text',
  number: 'a number',
  boolean: 'true or false',
  choice: 'one of the choices',
  date: 'a date written YYYY-MM-DD',
};

/**
 * What is wrong with a typed `value` for `field`, as a reason (without the
 * field's name), or undefined when it may be sent. Used for defaults when a
 * preset is written and for every value before a preset is fired.
 */
export function fieldValueProblem(field: FieldRules, value: unknown): string | undefined {
  const got = `, got ${quoteValue(field, value)}`;
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `must be true or false${got}`;
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `must be a number${got}`;
      if (typeof field.min === 'number' && value < field.min) return `must be at least ${field.min}${got}`;
      if (typeof field.max === 'number' && value > field.max) return `must be at most ${field.max}${got}`;
      return undefined;
    }
    default:
      if (typeof value !== 'string') return `must be ${TYPE_WORDS[field.type]}${got}`;
      return stringProblem(field, value, got);
  }
}

function stringProblem(field: FieldRules, value: string, got: string): string | undefined {
  if (value.length > MAX_FIELD_VALUE_LENGTH)
    return `must be at most ${MAX_FIELD_VALUE_LENGTH.toLocaleString('en-US')} characters, got ${value.length.toLocaleString('en-US')}`;
  if (field.type === 'choice') {
    const choices = field.choices ?? [];
    return choices.includes(value)
      ? undefined
      : `must be one of ${choices.map((c) => visibleText(c)).join(', ')}${got}`;
  }
  if (field.type === 'date') {
    if (!isIsoDate(value)) return `must be a date written YYYY-MM-DD${got}`;
    // YYYY-MM-DD strings compare in date order.
    if (typeof field.min === 'string' && value < field.min) return `must be on or after ${field.min}${got}`;
    if (typeof field.max === 'string' && value > field.max) return `must be on or before ${field.max}${got}`;
    return undefined;
  }
  if (field.pattern === undefined) return undefined;
  const checked = checkPattern(field.pattern, value);
  if (!checked.ok) return checked.reason;
  return checked.matches ? undefined : `must match ${visibleText(field.pattern)}${got}`;
}

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'on']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'off']);

/**
 * A field's value typed as text (a CLI `--field`, a link, a form box) as
 * the field's type, or the reason it is not one. Only the spelling is
 * judged here; the rules (range, pattern, choices) come after, in
 * fieldValueProblem. Numbers are decimal only: "0x10" is refused rather
 * than read as 16.
 */
export function typedFieldValue(
  field: FieldRules,
  raw: string,
): { ok: true; value: FieldValue } | { ok: false; reason: string } {
  if (field.type === 'number') {
    const text = raw.trim();
    const value = NUMBER_TEXT.test(text) ? Number(text) : Number.NaN;
    return Number.isFinite(value)
      ? { ok: true, value }
      : { ok: false, reason: `must be a number like 42 or 3.5, got ${quoteValue(field, raw)}` };
  }
  if (field.type === 'boolean') {
    const word = raw.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return { ok: true, value: true };
    if (FALSE_WORDS.has(word)) return { ok: true, value: false };
    return { ok: false, reason: `must be true or false (or yes/no, 1/0), got ${quoteValue(field, raw)}` };
  }
  if (field.type === 'date') return { ok: true, value: raw.trim() };
  return { ok: true, value: raw };
}
