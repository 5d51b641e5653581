import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { asciiOnly } from '../../scripts/build/asciiOutput.ts';

/** Runs `code` as a module body; what it returns. */
function evaluate(code: string): unknown {
  return new Function(code)() as unknown;
}

/** The main build writes its chunks in ASCII only, so Node decodes them on the fast path. */
describe('ASCII-only output of the main build', () => {
  test('a chunk already in ASCII is left alone', () => {
    expect(asciiOnly('const a = "plain";')).toBeNull();
  });

  test('every other character becomes its escape, meaning the same in each place it can stand', () => {
    const source = [
      '// a comment with … and ×',
      'const s = "robot’s · 12–20 s";',
      'const t = `${s} …`;',
      'const r = /^[·…]+$/;',
      'const u = /^😀$/u;',
      'const é = 1;',
      'return { s, t, dots: r.test("·…"), emoji: u.test("😀"), é };',
    ].join('\n');
    const escaped = asciiOnly(source)!;
    expect(/[\u0080-\uffff]/.test(escaped)).toBe(false);
    expect(evaluate(escaped)).toEqual(evaluate(source));
  });

  test('a chunk reading a template raw text fails rather than change what it reads', () => {
    expect(() => asciiOnly('const a = String.raw`…`;')).toThrow(/raw/);
    expect(asciiOnly('const a = String.raw`plain`;')).toBeNull();
  });

  const built = path.resolve(import.meta.dirname, '../../out/main');
  test.runIf(existsSync(built))('the built CLI and main process are ASCII', () => {
    const files = [
      ...readdirSync(built).filter((f) => f.endsWith('.js')),
      ...readdirSync(path.join(built, 'chunks')).map((f) => path.join('chunks', f)),
    ];
    const outside = files.filter((f) => /[\u0080-\uffff]/.test(readFileSync(path.join(built, f), 'utf8')));
    expect(outside).toEqual([]);
  });
});
