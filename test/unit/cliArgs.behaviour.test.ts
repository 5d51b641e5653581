import { describe, expect, test } from 'vitest';
import { buildArgs, collect, parseArgPair, parseArgsJson } from '../../src/cli/args.ts';
import { CliError } from '../../src/cli/cliError.ts';

/**
 * The robot arguments people type on the command line, and the usage errors
 * they read when one cannot be used.
 */

function usage(run: () => unknown): CliError {
  try {
    run();
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error('no usage error');
}

describe('--arg: the value as JSON when it is JSON, else as typed', () => {
  test.each([
    ['n=-42', -42],
    ['n= 42 ', 42],
    ['neg=-9007199254740991', -9007199254740991],
    ['neg=-9007199254740993', '-9007199254740993'],
    ['big= 12345678901234567890 ', ' 12345678901234567890 '],
    // Decimals a double cannot hold exactly stay text, as typed (they would arrive changed).
    ['bigfloat=12345678901234567890.5', '12345678901234567890.5'],
    ['decimal=123456789012345678.5', '123456789012345678.5'],
    ['trailing=9007199254740993.0', '9007199254740993.0'],
    ['exact=12.50', 12.5],
    ['exp=1e21', 1e21],
    ['tiny=1e-400', '1e-400'],
    ['inf=-1e400', '-1e400'],
  ])('%s', (text, value) => {
    expect(parseArgPair(text)[1]).toEqual(value);
  });

  test('the name is everything before the first "=", colons included', () => {
    expect(parseArgPair('a:b:c=1')).toEqual(['a:b:c', 1]);
    expect(parseArgPair('x=:=y')).toEqual(['x', ':=y']);
  });

  test('":=" keeps the value as text; the colon is not part of the name', () => {
    expect(parseArgPair('n:=42')).toEqual(['n', '42']);
    expect(parseArgPair('a:b:=1')).toEqual(['a:b', '1']);
  });

  test('a name that is only a colon before "=" is still a name', () => {
    expect(parseArgPair('::=1')).toEqual([':', '1']);
  });

  test('usage errors say what was given and what is expected', () => {
    expect(usage(() => parseArgPair('customer'))).toMatchObject({
      kind: 'validation',
      message: '--arg customer: expected key=value (or key:=value to keep the value as text).',
    });
    expect(usage(() => parseArgPair('=C-17')).message).toBe(
      '--arg =C-17: the argument name before "=" is empty.',
    );
    expect(usage(() => parseArgPair(':=C-17')).message).toBe(
      '--arg :=C-17: the argument name before "=" is empty.',
    );
    expect(usage(() => parseArgPair('__proto__:=x')).message).toBe(
      '--arg: "__proto__" cannot be used as an argument name; rename it.',
    );
  });
});

describe('--args: a JSON object', () => {
  test('text that is not JSON names the parse problem and shows an example', () => {
    const error = usage(() => parseArgsJson('{customer:1}'));
    expect(error.kind).toBe('validation');
    expect(error.message).toMatch(
      /^--args: not valid JSON \(.+\)\. Give an object such as '\{"customer":"C-17"\}'\.$/,
    );
  });

  test.each(['[]', '"C-17"', '17', 'true', 'null'])('%s is JSON but not an object', (text) => {
    expect(usage(() => parseArgsJson(text)).message).toBe(
      `--args: must be a JSON object such as '{"customer":"C-17"}'.`,
    );
  });

  test('"__proto__" inside --args is refused by name', () => {
    expect(usage(() => buildArgs(['{"a":1,"__proto__":{}}'], [])).message).toBe(
      '--args: "__proto__" cannot be used as an argument name; rename it.',
    );
  });

  test('"__proto__" nested deeper is an ordinary value', () => {
    expect(buildArgs(['{"a":{"b":1}}'], [])).toEqual({ a: { b: 1 } });
  });
});

describe('merging', () => {
  test('a pair overrides an --args key of the same name, whatever the order typed', () => {
    expect(buildArgs(['{"rush":true}'], ['rush=false'])).toEqual({ rush: false });
  });

  test('repeated options are collected in order', () => {
    expect(collect('b', collect('a'))).toEqual(['a', 'b']);
    expect(collect('a')).toEqual(['a']);
    const previous = ['x'];
    collect('y', previous);
    expect(previous).toEqual(['x']);
  });
});

describe('numbers a JSON number cannot hold exactly inside --args and JSON --arg values', () => {
  test('are refused with the reason and the fix, never sent changed', () => {
    expect(() => buildArgs(['{"amount":123456789012345678.5}'], [])).toThrow(
      '--args: the number 123456789012345678.5 has more digits than a JSON number keeps, so it would be sent changed. Quote it to send it as text exactly as typed.',
    );
    expect(() => buildArgs([], ['ids=[1,9007199254740993]'])).toThrow(/--arg: the number 9007199254740993 /);
    expect(buildArgs(['{"note":"123456789012345678.5","n":0.1}'], [])).toEqual({
      note: '123456789012345678.5',
      n: 0.1,
    });
  });
});
