import { describe, expect, test } from 'vitest';
import { buildArgs, parseArgPair, parseArgsJson } from '../../src/cli/args.ts';

describe('--arg key=value', () => {
  test.each([
    ['n=42', ['n', 42]],
    ['f=-1.5e3', ['f', -1500]],
    ['b=true', ['b', true]],
    ['z=null', ['z', null]],
    ['list=[1,"a",{"k":null}]', ['list', [1, 'a', { k: null }]]],
    ['obj={"a":{"b":[]}}', ['obj', { a: { b: [] } }]],
    ['s="quoted"', ['s', 'quoted']],
    ['word=hello', ['word', 'hello']],
    ['space=hello world', ['space', 'hello world']],
    ['zip=007', ['zip', '007']],
    ['half={"a":', ['half', '{"a":']],
    ['empty=', ['empty', '']],
    ['eq=a=b', ['eq', 'a=b']],
    ['weird=a:=b', ['weird', 'a:=b']],
    ['a:b=c', ['a:b', 'c']],
    ['big=12345678901234567890', ['big', '12345678901234567890']],
    ['safe=9007199254740991', ['safe', 9007199254740991]],
    ['float=1.00000000000000000001', ['float', '1.00000000000000000001']],
  ])('%s', (text, expected) => {
    expect(parseArgPair(text)).toEqual(expected);
  });

  test.each([
    ['id:=42', ['id', '42']],
    ['t:=true', ['t', 'true']],
    ['url:=https://x.example/?a=1&b=2', ['url', 'https://x.example/?a=1&b=2']],
    ['e:=', ['e', '']],
    ['j:={"a":1}', ['j', '{"a":1}']],
  ])('%s always keeps text', (text, expected) => {
    expect(parseArgPair(text)).toEqual(expected);
  });

  test.each([
    ['novalue', /expected key=value/],
    ['=1', /name before "=" is empty/],
    [':=1', /name before "=" is empty/],
  ])('%s is a usage error', (text, message) => {
    expect(() => parseArgPair(text)).toThrow(message);
    try {
      parseArgPair(text);
    } catch (error) {
      expect(error).toMatchObject({ kind: 'validation' });
    }
  });
});

describe('--args JSON and merging', () => {
  test('must be a JSON object', () => {
    expect(parseArgsJson('{"a":1}')).toEqual({ a: 1 });
    for (const text of ['[1]', '"x"', '1', 'null']) expect(() => parseArgsJson(text)).toThrow(/JSON object/);
    expect(() => parseArgsJson('{a:1}')).toThrow(/not valid JSON/);
  });

  test('--args objects in order, then --arg pairs in order; later wins', () => {
    expect(buildArgs(['{"a":1,"b":1,"c":1}', '{"b":2}'], ['c=3', 'd:=4', 'c=5'])).toEqual({
      a: 1,
      b: 2,
      c: 5,
      d: '4',
    });
    expect(buildArgs([], [])).toEqual({});
  });
});

describe('arguments that could not travel as typed', () => {
  test('a number JSON cannot carry stays the text that was typed', () => {
    expect(buildArgs([], ['big=1e400', 'small=-1e400'])).toEqual({ big: '1e400', small: '-1e400' });
  });

  test('"__proto__" is refused as a name instead of vanishing; "constructor" is ordinary', () => {
    expect(() => buildArgs([], ['__proto__=1'])).toThrow(/__proto__/);
    expect(() => buildArgs(['{"__proto__": {"x": 1}}'], [])).toThrow(/__proto__/);
    const args = buildArgs([], ['constructor=1']);
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(args).toEqual({ constructor: 1 });
  });
});
