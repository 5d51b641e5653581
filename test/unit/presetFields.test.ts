import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  MAX_FIELD_HELP_LENGTH,
  MAX_FIELD_LABEL_LENGTH,
  MAX_FIELD_NAME_LENGTH,
  MAX_FIELD_PATTERN_LENGTH,
  MAX_FIELD_VALUE_LENGTH,
  MAX_PRESET_FIELDS,
} from '../../src/shared/limits.ts';
import type { JsonObject, JsonValue } from '../../src/shared/models/json.ts';
import { Preset, PresetInput, PresetPatch } from '../../src/shared/models/preset.ts';
import {
  fieldReferenceProblems,
  fieldValueProblem,
  fieldValuesFromText,
  fillPresetArgs,
  PresetField,
  PresetFields,
  presetNeedsFields,
  secretPlaceholder,
  type PresetFieldInput,
} from '../../src/shared/models/presetFields.ts';
import { describeZodError } from '../../src/shared/validation.ts';

const fields = (list: PresetFieldInput[]) => PresetFields.parse(list);
const preset = (list: PresetFieldInput[], args: JsonObject) => ({ fields: fields(list), args });
const ref = (name: string) => ({ $field: name });

/** Why a field definition is refused, as the user reads it. */
function refusal(input: unknown): string {
  const result = PresetFields.safeParse([input]);
  if (result.success) throw new Error('expected a refusal');
  return describeZodError(result.error, 'fields', 'fields');
}

function messages(result: { ok: boolean; problems?: { message: string }[] }): string[] {
  if (result.ok) throw new Error('expected problems');
  return result.problems!.map((p) => p.message);
}

describe('declaring fields', () => {
  test('a field is optional and not secret unless it says so', () => {
    expect(PresetField.parse({ name: 'customerId', type: 'text' })).toEqual({
      name: 'customerId',
      type: 'text',
      required: false,
      secret: false,
    });
  });

  test('a preset has no fields unless it declares them, and every door takes them', () => {
    expect(Preset.parse({ id: 'p', robotId: 'r', name: 'n', createdAt: 1, updatedAt: 1 }).fields).toEqual([]);
    const list = [{ name: 'n', type: 'number' }];
    expect(PresetInput.parse({ robotId: 'r', name: 'n', fields: list }).fields).toHaveLength(1);
    expect(PresetPatch.parse({ fields: list }).fields).toHaveLength(1);
    expect(PresetInput.strict().safeParse({ robotId: 'r', name: 'n', fields: list }).success).toBe(true);
  });

  test('names are identifiers, once per preset', () => {
    expect(refusal({ name: '1st', type: 'text' })).toMatch(/^fields\[0\]\.name: must start with a letter/);
    expect(refusal({ name: 'a b', type: 'text' })).toMatch(/only letters, digits/);
    expect(refusal({ name: 'a'.repeat(MAX_FIELD_NAME_LENGTH + 1), type: 'text' })).toMatch(/at most 64/);
    const twice = PresetFields.safeParse([
      { name: 'id', type: 'text' },
      { name: 'id', type: 'number' },
    ]);
    expect(describeZodError(twice.error!, 'fields', 'fields')).toBe(
      'fields[1].name: "id" is already the name of another field; field names must differ',
    );
  });

  test('every type is one of five; a key that does not apply to the type is refused, not ignored', () => {
    expect(refusal({ name: 'a', type: 'email' })).toBe(
      'fields[0].type: must be one of text, number, boolean, choice, date',
    );
    expect(refusal({ name: 'a', type: 'number', pattern: '^1$' })).toBe(
      'fields[0].pattern: applies to text fields only; remove it',
    );
    expect(refusal({ name: 'a', type: 'text', min: 1 })).toBe(
      'fields[0].min: applies to number and date fields only; remove it',
    );
    expect(refusal({ name: 'a', type: 'text', choices: ['x'] })).toBe(
      'fields[0].choices: applies to choice fields only; remove it',
    );
    expect(refusal({ name: 'a', type: 'choice' })).toBe(
      'fields[0].choices: a choice field must list its choices',
    );
    expect(refusal({ name: 'a', type: 'choice', choices: [] })).toMatch(/at least one choice/);
    expect(refusal({ name: 'a', type: 'choice', choices: ['x', 'x'] })).toMatch(/same choice twice/);
    expect(refusal({ name: 'a', type: 'text', requried: true })).toMatch(/Unrecognized key: "requried"/);
  });

  test('ranges: numbers for a number, YYYY-MM-DD days for a date, min not above max', () => {
    expect(refusal({ name: 'a', type: 'number', min: '2024-01-01' })).toBe(
      'fields[0].min: must be a number for a number field',
    );
    expect(refusal({ name: 'a', type: 'date', max: 5 })).toBe(
      'fields[0].max: must be a date written YYYY-MM-DD (like 2024-03-31) for a date field',
    );
    expect(refusal({ name: 'a', type: 'date', min: '2024-02-30' })).toMatch(/YYYY-MM-DD/);
    expect(refusal({ name: 'a', type: 'number', min: 5, max: 1 })).toBe(
      'fields[0].max: must not be below min (5)',
    );
    expect(refusal({ name: 'a', type: 'date', min: '2024-05-01', max: '2024-01-01' })).toMatch(/below min/);
  });

  test('a default has the field type and keeps its rules', () => {
    expect(refusal({ name: 'n', type: 'number', default: '5' })).toBe(
      "fields[0].default: must be a number, got '5'",
    );
    expect(refusal({ name: 'n', type: 'number', max: 3, default: 5 })).toBe(
      'fields[0].default: must be at most 3, got 5',
    );
    expect(refusal({ name: 'c', type: 'choice', choices: ['a'], default: 'b' })).toMatch(
      /must be one of a, got 'b'/,
    );
    expect(refusal({ name: 't', type: 'text', pattern: '^\\d+$', default: 'x' })).toMatch(/must match/);
    expect(refusal({ name: 'b', type: 'boolean', default: 'yes' })).toMatch(/true or false/);
    expect(refusal({ name: 'd', type: 'date', default: 'tomorrow' })).toMatch(/YYYY-MM-DD/);
    expect(PresetField.parse({ name: 'd', type: 'date', default: '2024-02-29' }).default).toBe('2024-02-29');
  });

  test('a pattern must compile and be short; RE2 syntax, so lookaround and backreferences are refused by name', () => {
    expect(refusal({ name: 't', type: 'text', pattern: '(' })).toMatch(
      /^fields\[0\]\.pattern: is not a pattern Robot Tray can check/,
    );
    expect(refusal({ name: 't', type: 'text', pattern: 'a'.repeat(MAX_FIELD_PATTERN_LENGTH + 1) })).toMatch(
      /at most 500 characters/,
    );
    expect(refusal({ name: 't', type: 'text', pattern: '^(?=a)' })).toMatch(
      /no lookahead, lookbehind or backreferences/,
    );
    expect(refusal({ name: 't', type: 'text', pattern: '^(a)\\1$' })).toMatch(/RE2 syntax/);
    expect(
      PresetField.safeParse({ name: 't', type: 'text', pattern: '^(\\d{3})-(\\d{4})?[(+]$' }).success,
    ).toBe(true);
  });

  test('a pattern a backtracking engine takes years over is checked at once, whoever wrote it', () => {
    // Both are exponential for JavaScript's RegExp on a value of 40 a's and
    // a mismatch; a preset from a team catalog could hold either.
    for (const pattern of ['^(a+)+$', '^(a|a)*$', '^((ab)*c)*$']) {
      const field = PresetField.parse({ name: 'customerId', type: 'text', pattern });
      expect(fieldValueProblem(field, `${'a'.repeat(40)}!`)).toMatch(/^must match/);
    }
    const field = PresetField.parse({ name: 'customerId', type: 'text', pattern: '^[0-9]+$' });
    expect(fieldValueProblem(field, '12345')).toBeUndefined();
    expect(fieldValueProblem(field, 'x12345')).toMatch(/must match \^\[0-9\]\+\$/);
    // Unanchored, as written: a match anywhere in the value is enough.
    const anywhere = PresetField.parse({ name: 'code', type: 'text', pattern: '[0-9]' });
    expect(fieldValueProblem(anywhere, 'ab1')).toBeUndefined();
  });

  test('labels, help and field count are bounded', () => {
    expect(refusal({ name: 'a', type: 'text', label: 'x'.repeat(MAX_FIELD_LABEL_LENGTH + 1) })).toMatch(
      /label: must be at most 120/,
    );
    expect(refusal({ name: 'a', type: 'text', label: 'two\nlines' })).toMatch(/one line/);
    expect(refusal({ name: 'a', type: 'text', help: 'x'.repeat(MAX_FIELD_HELP_LENGTH + 1) })).toMatch(
      /help: must be at most 500/,
    );
    const many = Array.from({ length: MAX_PRESET_FIELDS + 1 }, (_, i) => ({ name: `f${i}`, type: 'text' }));
    expect(describeZodError(PresetFields.safeParse(many).error!, 'fields', 'fields')).toBe(
      'fields: must hold at most 50 fields',
    );
  });
});

describe('references in arguments', () => {
  test('a reference to an undeclared field is refused, naming the path, however deep', () => {
    const args: JsonObject = {
      order: { lines: [{ sku: ref('sku') }, { qty: ref('qty') }] },
      who: ref('customerId'),
    };
    expect(
      fieldReferenceProblems(fields([{ name: 'customerId', type: 'text' }]), args).map((p) => p.message),
    ).toEqual([
      'args.order.lines[0].sku: refers to field "sku", which this preset does not declare; add that field or remove the reference',
      'args.order.lines[1].qty: refers to field "qty", which this preset does not declare; add that field or remove the reference',
    ]);
  });

  test('an object with "$field" and anything else is not a reference and is refused', () => {
    const args: JsonObject = { a: { $field: 'x', extra: 1 }, b: { $field: 5 } };
    expect(fieldReferenceProblems(fields([{ name: 'x', type: 'text' }]), args).map((p) => p.field)).toEqual([
      'args.a',
      'args.b',
    ]);
  });

  test('an unused declared field is fine', () => {
    expect(fieldReferenceProblems(fields([{ name: 'x', type: 'text' }]), { a: 1 })).toEqual([]);
  });
});

describe('filling a preset', () => {
  const order = preset(
    [
      { name: 'customerId', type: 'text', required: true, pattern: '^[0-9]+$' },
      { name: 'qty', type: 'number', min: 1, max: 10, default: 1 },
      { name: 'rush', type: 'boolean' },
      { name: 'size', type: 'choice', choices: ['S', 'M', 'L'], default: 'M' },
      { name: 'day', type: 'date', min: '2024-01-01' },
      { name: 'pin', type: 'text', secret: true },
    ],
    {
      customer: ref('customerId'),
      note: 'customer {"$field": "customerId"} stays text',
      lines: [{ qty: ref('qty'), size: ref('size') }, ref('rush')],
      deep: { a: { b: { when: ref('day'), pin: ref('pin') } } },
    },
  );

  test('values take the references whole, nested and in lists; defaults fill the rest; unset is null', () => {
    const filled = fillPresetArgs(order, { customerId: '00123', rush: true, pin: 'p-1' });
    expect(filled).toMatchObject({
      ok: true,
      args: {
        customer: '00123',
        note: 'customer {"$field": "customerId"} stays text',
        lines: [{ qty: 1, size: 'M' }, true],
        deep: { a: { b: { when: null, pin: 'p-1' } } },
      },
    });
  });

  test('what the history keeps has each secret value replaced by a visible placeholder', () => {
    const filled = fillPresetArgs(order, { customerId: '7', pin: 'CANARY-123' });
    if (!filled.ok) throw new Error('expected a fill');
    expect((filled.args.deep as { a: { b: { pin: string } } }).a.b.pin).toBe('CANARY-123');
    expect(JSON.stringify(filled.kept)).not.toContain('CANARY-123');
    expect(filled.kept).toMatchObject({
      customer: '7',
      deep: { a: { b: { pin: '(secret field pin, not kept)' } } },
    });
    expect(secretPlaceholder('pin')).toBe('(secret field pin, not kept)');
  });

  test('every problem at once: required, type, pattern, range, choice, date, unknown name', () => {
    expect(
      messages(fillPresetArgs(order, { qty: 11, rush: 'yes', size: 'XL', day: '2023-12-31', colour: 'red' })),
    ).toEqual([
      'colour: this preset has no field by that name; its fields are customerId, qty, rush, size, day, pin',
      'customerId: is required and has no default; give it a value',
      'qty: must be at most 10, got 11',
      "rush: must be true or false, got 'yes'",
      "size: must be one of S, M, L, got 'XL'",
      "day: must be on or after 2024-01-01, got '2023-12-31'",
    ]);
    expect(messages(fillPresetArgs(order, { customerId: 'abc', qty: 0 }))).toEqual([
      "customerId: must match ^[0-9]+$, got 'abc'",
      'qty: must be at least 1, got 0',
    ]);
  });

  test('a secret value is never repeated back in a problem', () => {
    const secretPin = preset([{ name: 'pin', type: 'text', secret: true, pattern: '^\\d{4}$' }], {
      pin: ref('pin'),
    });
    const [message] = messages(fillPresetArgs(secretPin, { pin: 'CANARY-abc' }));
    expect(message).toBe('pin: must match ^\\d{4}$, got (secret value not shown)');
  });

  test('an undeclared reference refuses the fill, and so do filled arguments past the limits', () => {
    expect(messages(fillPresetArgs({ fields: [], args: { a: ref('gone') } }, {}))[0]).toMatch(
      /^args\.a: refers/,
    );
    const big = preset([{ name: 't', type: 'text' }], {
      a: Array.from({ length: 2_000 }, () => ref('t')),
    });
    expect(messages(fillPresetArgs(big, { t: 'x'.repeat(MAX_FIELD_VALUE_LENGTH) }))[0]).toMatch(
      /^args: once filled in, is more than 16 MiB/,
    );
    expect(messages(fillPresetArgs(big, { t: 'x'.repeat(MAX_FIELD_VALUE_LENGTH + 1) }))[0]).toBe(
      't: must be at most 10,000 characters, got 10,001',
    );
  });

  test('a key named __proto__ stays an ordinary argument when filled', () => {
    const args = JSON.parse('{"__proto__": {"x": {"$field": "t"}}}') as JsonObject;
    const filled = fillPresetArgs(preset([{ name: 't', type: 'text' }], args), { t: 'v' });
    if (!filled.ok) throw new Error('expected a fill');
    expect(JSON.stringify(filled.args)).toBe('{"__proto__":{"x":"v"}}');
  });

  test('presetNeedsFields says whether firing asks first', () => {
    expect(presetNeedsFields(order)).toBe(true);
    expect(presetNeedsFields({ fields: [] })).toBe(false);
  });
});

describe('values typed as text', () => {
  const list = fields([
    { name: 'id', type: 'text', required: true },
    { name: 'n', type: 'number' },
    { name: 'b', type: 'boolean' },
    { name: 'c', type: 'choice', choices: ['a', 'b'] },
    { name: 'd', type: 'date', default: '2024-01-01' },
  ]);

  test('each type reads its spelling; empty means not given', () => {
    expect(fieldValuesFromText(list, { id: ' x ', n: ' -3.5e2 ', b: 'No', c: 'b', d: '' })).toEqual({
      ok: true,
      values: { id: ' x ', n: -350, b: false, c: 'b' },
    });
    expect(fieldValuesFromText(list, { id: 'x', b: 'ON', d: '2025-12-31' })).toEqual({
      ok: true,
      values: { id: 'x', b: true, d: '2025-12-31' },
    });
  });

  test('each problem names the field, says what is wrong and what was given', () => {
    expect(
      messages(fieldValuesFromText(list, { n: '0x10', b: 'maybe', c: 'z', d: '2024-02-30', x: '1' })),
    ).toEqual([
      'x: this preset has no field by that name; its fields are id, n, b, c, d',
      'id: is required and has no default; give it a value',
      "n: must be a number like 42 or 3.5, got '0x10'",
      "b: must be true or false (or yes/no, 1/0), got 'maybe'",
      "c: must be one of a, b, got 'z'",
      "d: must be a date written YYYY-MM-DD, got '2024-02-30'",
    ]);
    expect(messages(fieldValuesFromText([], { x: '1' }))).toEqual([
      'x: this preset has no field by that name; this preset has no fields',
    ]);
  });

  test('control characters in what was typed are shown escaped, not acted on', () => {
    expect(messages(fieldValuesFromText(list, { id: 'x', n: '\u001b[2J' }))).toEqual([
      "n: must be a number like 42 or 3.5, got '\\u001b[2J'",
    ]);
  });
});

describe('filling, for any arguments (fast-check)', () => {
  /** JSON arguments with references to "t" (text) and "s" (secret) anywhere, nested and in lists. */
  const leaf = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant({ $field: 't' }),
    fc.constant({ $field: 's' }),
  );
  const value: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
    v: fc.oneof(
      { maxDepth: 4 },
      leaf,
      fc.array(tie('v'), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), tie('v'), { maxKeys: 3 }),
    ),
  })).v;
  const args = fc.dictionary(fc.string({ maxLength: 5 }), value, { maxKeys: 4 });
  const list = fields([
    { name: 't', type: 'text' },
    { name: 's', type: 'text', secret: true },
  ]);

  test('the secret reaches what is sent at every reference and never what is kept; text is never spliced', () => {
    fc.assert(
      fc.property(args, fc.string({ minLength: 1 }), (a, text) => {
        const secret = `SECRET-${text}`;
        const filled = fillPresetArgs({ fields: list, args: a as JsonObject }, { t: text, s: secret });
        if (!filled.ok) return false;
        const sent = JSON.stringify(filled.args);
        const kept = JSON.stringify(filled.kept);
        const references = (JSON.stringify(a).match(/\{"\$field":"s"\}/g) ?? []).length;
        // Each reference became the whole value; nothing else changed.
        expect(sent.split(JSON.stringify(secret)).length - 1).toBe(references);
        expect(kept).not.toContain(secret);
        expect(JSON.stringify(filled.kept)).toBe(
          JSON.stringify(a)
            .replaceAll('{"$field":"t"}', () => JSON.stringify(text))
            .replaceAll('{"$field":"s"}', () => '"(secret field s, not kept)"'),
        );
        return true;
      }),
      { numRuns: 300 },
    );
  });
});
