import { describe, expect, test } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { encodeGetArguments, getEncodingProblem } from '../../src/core/http/queryEncoding.ts';

/**
 * GET arguments (spec 4.2): what reaches the robot as a query string, and the
 * sentence people read when their arguments have no query-string form.
 */

const POST_HINT = 'Send this call with POST, which carries arguments as a JSON body.';

describe('arguments a GET query string can carry', () => {
  test('each scalar as text, in the order given', () => {
    expect(encodeGetArguments({ s: 'C-17', n: -2.5, t: true, f: false, empty: '', zero: 0 })).toBe(
      's=C-17&n=-2.5&t=true&f=false&empty=&zero=0',
    );
  });

  test('a list travels as the key repeated, one value each', () => {
    expect(encodeGetArguments({ tag: ['a', 1, false], after: 'x' })).toBe('tag=a&tag=1&tag=false&after=x');
  });

  test('names and values are form-encoded, so no value can add a parameter', () => {
    expect(encodeGetArguments({ 'a b&c': 'x=1&y=2 #z' })).toBe('a+b%26c=x%3D1%26y%3D2+%23z');
  });

  test('no arguments give an empty query', () => {
    expect(encodeGetArguments({})).toBe('');
    expect(getEncodingProblem({})).toBeUndefined();
  });

  test('scalars and lists of scalars have no problem', () => {
    expect(getEncodingProblem({ s: 'x', n: 1, b: true, list: ['a', 2, false] })).toBeUndefined();
  });
});

describe('arguments a GET query string cannot carry', () => {
  test.each([
    [{ order: { id: 1 } }, 'Argument "order" is a nested object'],
    [{ order: {} }, 'Argument "order" is a nested object'],
    [{ grid: [[1]] }, 'Argument "grid" is a list holding a list inside a list'],
    [{ grid: [[]] }, 'Argument "grid" is a list holding a list inside a list'],
    [{ rows: [1, { id: 1 }] }, 'Argument "rows" is a list holding a nested object'],
    [{ ids: [{ a: 1 }] }, 'Argument "ids" is a list holding a nested object'],
    [{ ok: 'x', list: ['a', 'b'], later: { a: 1 } }, 'Argument "later" is a nested object'],
  ])('%j: named, with the way out', (args, start) => {
    const problem = `${start}, which cannot travel in a GET query string. ${POST_HINT}`;
    expect(getEncodingProblem(args)).toBe(problem);
    let thrown: unknown;
    try {
      encodeGetArguments(args);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ kind: 'validation', message: problem });
  });

  test('null and an empty list have no exact query form: refused, not changed or dropped', () => {
    expect(getEncodingProblem({ n: null })).toBe(
      'Argument "n" is null, which a GET query string can only send as empty text (n=). Send this call with POST, which carries arguments as a JSON body, or give it as empty text.',
    );
    expect(getEncodingProblem({ tags: ['a', null] })).toMatch(/^Argument "tags" holds null/);
    expect(getEncodingProblem({ ea: [] })).toBe(
      'Argument "ea" is an empty list, which a GET query string cannot carry (it would vanish). Send this call with POST, which carries arguments as a JSON body, or remove it.',
    );
    expect(() => encodeGetArguments({ ea: [], n: null })).toThrow(/"ea" is an empty list/);
  });

  test('the first argument that cannot travel is the one named', () => {
    expect(getEncodingProblem({ a: { x: 1 }, b: [[1]] })).toMatch(/^Argument "a" is a nested object/);
  });
});
