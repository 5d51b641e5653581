import { describe, expect, test } from 'vitest';
import { isJsonObject, JsonObject, JsonValue } from '../../src/shared/models/json.ts';

/**
 * Robot arguments and run results are JSON. What the schemas accept is what
 * can be stored, sent and shown again unchanged; what they refuse is named.
 */

const JSON_VALUE_MESSAGE =
  'must be a JSON value: text, a finite number, true or false, null, a list or an object';

describe('JsonValue', () => {
  test.each([
    ['text'],
    [''],
    [0],
    [-1.5],
    [true],
    [false],
    [null],
    [[]],
    [[1, 'a', null, [true]]],
    [{}],
    [{ a: { b: [1, { c: null }] } }],
  ])('accepts %j unchanged', (value) => {
    expect(JsonValue.parse(value)).toEqual(value);
  });

  test.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['undefined', undefined],
    ['a function', () => 1],
    ['a bigint', 10n],
    ['a symbol', Symbol('s')],
  ])('refuses %s, saying what a JSON value is', (_what, value) => {
    const result = JsonValue.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(JSON_VALUE_MESSAGE);
  });

  test('refuses a non-JSON value inside a list or an object', () => {
    expect(JsonValue.safeParse([1, Number.NaN]).success).toBe(false);
    expect(JsonValue.safeParse({ a: { b: Number.POSITIVE_INFINITY } }).success).toBe(false);
  });

  test('a key named "__proto__" is refused with a way out, at any depth, instead of vanishing', () => {
    for (const text of ['{"__proto__":{"x":1}}', '{"a":{"__proto__":1}}', '[{"__proto__":null}]']) {
      const result = JsonValue.safeParse(JSON.parse(text));
      expect(result.success).toBe(false);
      expect(JSON.stringify(result.error?.issues)).toContain(
        '\\"__proto__\\" cannot be used as a name; rename that key',
      );
    }
  });

  test('"constructor" and "toString" are ordinary keys', () => {
    expect(JsonValue.parse({ constructor: 1, toString: 'x' })).toEqual({ constructor: 1, toString: 'x' });
  });
});

describe('JsonObject', () => {
  test('accepts an object of JSON values unchanged', () => {
    const args = { customer: 'C-17', rush: true, lines: [1, 2], meta: { by: null } };
    expect(JsonObject.parse(args)).toEqual(args);
  });

  test.each([[[]], ['x'], [1], [null], [true]])('refuses %j: arguments are an object', (value) => {
    expect(JsonObject.safeParse(value).success).toBe(false);
  });

  test('refuses a value that is not JSON, and "__proto__" at the top with its message', () => {
    expect(JsonObject.safeParse({ a: Number.NaN }).success).toBe(false);
    const result = JsonObject.safeParse(JSON.parse('{"__proto__":1,"b":2}'));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('"__proto__" cannot be used as a name; rename that key');
  });
});

describe('isJsonObject', () => {
  test('only a non-null, non-list object is one', () => {
    expect(isJsonObject({})).toBe(true);
    expect(isJsonObject({ a: 1 })).toBe(true);
    expect(isJsonObject([])).toBe(false);
    expect(isJsonObject(null)).toBe(false);
    expect(isJsonObject('x')).toBe(false);
    expect(isJsonObject(1)).toBe(false);
    expect(isJsonObject(undefined)).toBe(false);
  });
});
