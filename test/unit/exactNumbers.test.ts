import { describe, expect, test } from 'vitest';
import { keepsExactValue, mayHoldInexactNumber, parseKeepingNumbers } from '../../src/shared/exactNumbers.ts';
import { HEAVY } from '../support/heavyTest.ts';

const roundTrip = (text: string) => JSON.stringify(parseKeepingNumbers(text));

describe('reading JSON without changing any number', () => {
  test.each([
    ['a whole number beyond 2^53', '{"id":9007199254740993}'],
    ['sixteen digits split by the decimal point', '[12345678.123456789]'],
    ['a long decimal', '{"price":0.1000000000000000055511151231257827}'],
    ['an exponent beyond a double', '[1e400,-2.5e-400]'],
    ['a negative whole number beyond 2^53', '[-123456789012345678901234567890]'],
  ])('%s keeps every digit', (_name, text) => {
    expect(roundTrip(text)).toBe(text);
  });

  test('numbers a double carries stay plain numbers, strings of digits stay strings', () => {
    const value = parseKeepingNumbers(
      '{"n":123456789012345,"x":1.5e-7,"s":"12345678901234567890"}',
    ) as Record<string, unknown>;
    expect(value).toEqual({ n: 123456789012345, x: 1.5e-7, s: '12345678901234567890' });
    // Long, but exactly what a double holds: read as a plain number.
    const long = parseKeepingNumbers('[1234.5699999999997,0.30000000000000004]') as unknown[];
    expect(long).toEqual([1234.5699999999997, 0.30000000000000004]);
    expect(long.map((n) => typeof n)).toEqual(['number', 'number']);
    const mixed = parseKeepingNumbers('{"small":2,"big":12345678901234567890}') as Record<string, unknown>;
    expect(typeof mixed['small']).toBe('number');
    expect(JSON.stringify(mixed)).toBe('{"small":2,"big":12345678901234567890}');
  });

  test('the quick check misses no literal a double would change (200,000 random literals)', HEAVY, () => {
    // A small deterministic generator, so a failure names a literal that can be tried again.
    let seed = 12345;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const digits = (n: number) => Array.from({ length: n }, () => String(next(10))).join('');
    let inexact = 0;
    for (let i = 0; i < 200_000; i++) {
      const whole = digits(1 + next(20));
      const fraction = next(2) === 0 ? '' : '.' + digits(1 + next(20));
      const exponent = next(3) === 0 ? '' : `e${['', '+', '-'][next(3)]}${digits(1 + next(3))}`;
      const literal = `${next(2) === 0 ? '-' : ''}${whole}${fraction}${exponent}`;
      if (keepsExactValue(literal)) continue;
      inexact++;
      if (!mayHoldInexactNumber(`{"n":${literal}}`))
        expect.fail(`${literal} changes as a double but was not caught`);
    }
    expect(inexact).toBeGreaterThan(50_000);
  });
});
