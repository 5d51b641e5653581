import { describe, expect, test } from 'vitest';
import {
  argFiles,
  buildArgs,
  collect,
  parseArgPair,
  parseArgsJson,
  typedLookingNote,
} from '../../src/cli/args.ts';
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

describe('--arg as HTTPie reads it: key=value is text, key:=value is JSON', () => {
  test.each([
    ['n=42', '42'],
    ['rush=true', 'true'],
    ['o={"a":1}', '{"a":1}'],
    ['url=https://x.example/?a=1&b=2', 'https://x.example/?a=1&b=2'],
    ['big=12345678901234567890', '12345678901234567890'],
    ['blank=', ''],
    ['half={"a":', '{"a":'],
    ['weird=a:=b', 'a:=b'],
  ])('%s is text', (text, value) => {
    expect(parseArgPair(text)[1]).toBe(value);
  });

  test.each([
    ['n:=-42', -42],
    ['n:= 42 ', 42],
    ['neg:=-9007199254740991', -9007199254740991],
    ['exact:=12.50', 12.5],
    ['exp:=1e21', 1e21],
    ['rush:=true', true],
    ['none:=null', null],
    ['ids:=[1,2]', [1, 2]],
    ['o:={"a":{"b":"c"}}', { a: { b: 'c' } }],
    ['s:="quoted text"', 'quoted text'],
  ])('%s is JSON', (text, value) => {
    expect(parseArgPair(text)[1]).toEqual(value);
  });

  test('the name is everything before the first "=" (a ":" right before it makes ":="), colons included', () => {
    expect(parseArgPair('a:b:c=1')).toEqual(['a:b:c', '1']);
    expect(parseArgPair('x=:=y')).toEqual(['x', ':=y']);
    expect(parseArgPair('a:b:=1')).toEqual(['a:b', 1]);
    expect(parseArgPair('::=1')).toEqual([':', 1]);
  });

  test('key=@FILE sends the file\'s text, key:=@FILE its JSON; \\@ starts text with "@"', () => {
    const files: Record<string, string> = { 'note.txt': 'line one\n', 'order.json': '{"id":7}' };
    const read = (file: string) => files[file]!;
    expect(parseArgPair('note=@note.txt', read)).toEqual(['note', 'line one\n']);
    expect(parseArgPair('order:=@order.json', read)).toEqual(['order', { id: 7 }]);
    expect(parseArgPair('handle=\\@robots', read)).toEqual(['handle', '@robots']);
    expect(parseArgPair('at=@', read)).toEqual(['at', '@']);
    expect(argFiles(['note=@note.txt', 'order:=@order.json', 'x=1', 'again=@note.txt'])).toEqual([
      'note.txt',
      'order.json',
    ]);
  });

  test('a text value that reads as another kind of JSON gets a note naming := ; real text gets none', () => {
    expect(typedLookingNote('amount=12.5')).toBe(
      '--arg amount=12.5 sent the text "12.5"; for a number write amount:=12.5',
    );
    expect(typedLookingNote('rush=true')).toBe(
      '--arg rush=true sent the text "true"; for a boolean write rush:=true',
    );
    expect(typedLookingNote('ids=[1]')).toBe('--arg ids=[1] sent the text "[1]"; for a list write ids:=[1]');
    for (const text of ['customer=C-17', 'id=0042', 'amount:=12.5', 'quoted="x"', 'f=@file.json'])
      expect(typedLookingNote(text)).toBeUndefined();
  });

  test('usage errors say what was given and what is expected', () => {
    expect(usage(() => parseArgPair('customer'))).toMatchObject({
      kind: 'validation',
      message: '--arg customer: expected key=value (text) or key:=value (JSON, such as n:=42).',
    });
    expect(usage(() => parseArgPair('=C-17')).message).toBe(
      '--arg =C-17: the argument name before "=" is empty.',
    );
    expect(usage(() => parseArgPair(':=C-17')).message).toBe(
      '--arg :=C-17: the argument name before "=" is empty.',
    );
    expect(usage(() => parseArgPair('__proto__=x')).message).toBe(
      '--arg: "__proto__" cannot be used as an argument name; rename it.',
    );
    expect(usage(() => parseArgPair('customer:=C-17')).message).toMatch(
      /^--arg customer:=C-17: not valid JSON \(.+\)\. For text write customer=… instead of customer:=…; text in JSON needs quotes, such as customer:='"x"'\.$/,
    );
  });

  test('a JSON number a double cannot hold exactly is refused, pointing at text', () => {
    for (const text of [
      'big:=12345678901234567890',
      'd:=123456789012345678.5',
      'inf:=-1e400',
      'ids:=[1,9007199254740993]',
    ])
      expect(usage(() => parseArgPair(text)).message).toMatch(
        /has more digits than a JSON number keeps, so it would be sent changed\. Send it as text exactly as typed with \w+=… \(or quote it inside the JSON\)\.$/,
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
    expect(buildArgs(['{"rush":true}'], ['rush:=false'])).toEqual({ rush: false });
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
    expect(() => buildArgs([], ['ids:=[1,9007199254740993]'])).toThrow(
      /--arg ids:=\[1,9007199254740993\]: the number 9007199254740993 /,
    );
    expect(buildArgs(['{"note":"123456789012345678.5","n":0.1}'], [])).toEqual({
      note: '123456789012345678.5',
      n: 0.1,
    });
  });
});

describe('names', () => {
  test('"__proto__" is refused as a name instead of vanishing; "constructor" is ordinary', () => {
    expect(() => buildArgs([], ['__proto__=1'])).toThrow(/__proto__/);
    expect(() => buildArgs(['{"__proto__": {"x": 1}}'], [])).toThrow(/__proto__/);
    const args = buildArgs([], ['constructor:=1']);
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(args).toEqual({ constructor: 1 });
  });

  test('--args objects in order, then --arg pairs in order; later wins', () => {
    expect(buildArgs(['{"a":1,"b":1,"c":1}', '{"b":2}'], ['c:=3', 'd=4', 'c:=5'])).toEqual({
      a: 1,
      b: 2,
      c: 5,
      d: '4',
    });
    expect(buildArgs([], [])).toEqual({});
  });
});

describe('a number too long to keep exactly', () => {
  // Caught and read, not expect().toThrow(text): Vitest's toThrow(text) also passes when
  // `undefined` is thrown, which is what a lost error message would look like.
  test('the usage error shows the first 40 characters of the number typed', () => {
    const long = '1234567890'.repeat(5) + '.5';
    expect(usage(() => buildArgs([`{"n":${long}}`], [])).message).toBe(
      `--args: the number ${long.slice(0, 40)} has more digits than a JSON number keeps, so it would be sent changed. ` +
        'Quote it to send it as text exactly as typed.',
    );
    expect(usage(() => parseArgPair(`n:=[${long}]`)).message).toBe(
      `--arg n:=[${long}]: the number ${long.slice(0, 40)} has more digits than a JSON number keeps, so it would be sent changed. ` +
        'Send it as text exactly as typed with n=… (or quote it inside the JSON).',
    );
  });

  test('a bare number too long to keep is sent as the text typed', () => {
    expect(parseArgPair('id=12345678901234567890')).toEqual(['id', '12345678901234567890']);
  });
});
