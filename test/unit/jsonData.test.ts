import { describe, expect, test } from 'vitest';
import {
  isJsonData,
  JsonData,
  jsonDataProblem,
  JsonValue,
  MAX_JSON_DEPTH,
} from '../../src/shared/models/json.ts';

/**
 * What a service answered is stored as the call's response exactly as data:
 * any JSON value, nested up to Robot Tray's limit. These are the values that
 * are kept and the ones that are refused (and so never written to history).
 */

function nested(depth: number, leaf: unknown = 1, asList = false): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = asList ? [value] : { n: value };
  return value;
}

describe('JSON data that is kept', () => {
  test.each([
    ['text', 'done'],
    ['empty text', ''],
    ['a number', 42.5],
    ['zero', 0],
    ['true', true],
    ['false', false],
    ['null', null],
    ['an empty list', []],
    ['an empty object', {}],
    ['a mixed list', ['a', 1, false, null, { k: 'v' }, [2]]],
    ['an object of every kind', { s: 'x', n: -1, b: true, z: null, l: [1], o: { p: 'q' } }],
  ])('%s', (_what, value) => {
    expect(isJsonData(value)).toBe(true);
    expect(JsonData.safeParse(value).success).toBe(true);
  });

  test('a key named "__proto__" stays an ordinary key', () => {
    const answer = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as unknown;
    expect(isJsonData(answer)).toBe(true);
    expect(JsonData.parse(answer)).toBe(answer);
  });

  test('an object without a prototype (as some parsers build them) is data', () => {
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    expect(isJsonData(bare)).toBe(true);
  });
});

describe('values that are not JSON data are refused wherever they sit', () => {
  test.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['undefined', undefined],
    ['a function', () => 1],
    ['a bigint', 1n],
    ['a symbol', Symbol('s')],
    ['a Date', new Date(0)],
    ['a Map', new Map()],
    ['a class instance', new (class Answer {})()],
  ])('%s, alone, in a list and in an object', (_what, bad) => {
    expect(isJsonData(bad)).toBe(false);
    expect(isJsonData(['ok', bad])).toBe(false);
    expect(isJsonData([bad, 'ok'])).toBe(false);
    expect(isJsonData({ a: 'ok', b: { c: bad } })).toBe(false);
    expect(isJsonData({ a: bad, b: 'ok' })).toBe(false);
  });

  test('a bad value after good ones of every kind is still found', () => {
    expect(isJsonData([null, 'x', true, 1, [], {}, Number.NaN])).toBe(false);
    expect(isJsonData({ a: null, b: 'x', c: false, d: 2, e: Number.NaN })).toBe(false);
  });

  test('the refusal gives the real reason: never nesting for a number', () => {
    const message = (value: unknown) => JsonData.safeParse(value).error?.issues[0]?.message;
    for (const number of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(message({ deep: [number] })).toBe(
        'must be JSON data: it holds a number JSON cannot carry (NaN or infinite)',
      );
    let deep: unknown = 1;
    for (let i = 0; i <= MAX_JSON_DEPTH; i++) deep = [deep];
    expect(message(deep)).toBe(`must be JSON data nested at most ${MAX_JSON_DEPTH} levels deep`);
    expect(message({ when: new Date(0) })).toMatch(/^must be JSON data: text, finite numbers/);
    // Values JSON has no word for at all, not only objects of the wrong kind.
    for (const value of [() => 1, 10n, Symbol('s'), undefined])
      expect(message({ value })).toBe(
        'must be JSON data: text, finite numbers, true, false, null, lists and plain objects',
      );
    expect(jsonDataProblem({ a: [Number.POSITIVE_INFINITY] })).toBe('number');
  });
});

describe('how deep an answer may nest', () => {
  test('up to the limit is kept; one level more is refused, in objects and in lists', () => {
    for (const asList of [false, true]) {
      expect(isJsonData(nested(3, 1, asList), 3)).toBe(true);
      expect(isJsonData(nested(4, 1, asList), 3)).toBe(false);
      expect(isJsonData(nested(3, {}, asList), 3)).toBe(false);
      expect(isJsonData(nested(2, {}, asList), 3)).toBe(true);
    }
  });

  test('the default limit is MAX_JSON_DEPTH (512) levels', () => {
    expect(MAX_JSON_DEPTH).toBe(512);
    expect(isJsonData(nested(MAX_JSON_DEPTH))).toBe(true);
    expect(isJsonData(nested(MAX_JSON_DEPTH + 1))).toBe(false);
    expect(JsonData.safeParse(nested(MAX_JSON_DEPTH + 1)).success).toBe(false);
  });

  test('depth counts along each branch, not across siblings', () => {
    const wide = { a: nested(2), b: nested(2), c: [nested(1), nested(1)] };
    expect(isJsonData(wide, 3)).toBe(true);
    expect(isJsonData({ a: nested(2), b: nested(3) }, 3)).toBe(false);
  });

  test('a hostile answer 100,000 levels deep is refused without overflowing the stack', () => {
    expect(isJsonData(nested(100_000, 1, true))).toBe(false);
  });
});

describe('JsonValue (arguments people type)', () => {
  test('a value that is not JSON is refused with what a JSON value is', () => {
    const result = JsonValue.safeParse(Number.NaN);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'must be a JSON value: text, a finite number, true or false, null, a list or an object',
    );
  });
});
