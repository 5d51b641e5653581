import { describe, expect, test } from 'vitest';
import { parseKeepingNumbers } from '../../src/shared/exactNumbers.ts';

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
    const mixed = parseKeepingNumbers('{"small":2,"big":12345678901234567890}') as Record<string, unknown>;
    expect(typeof mixed['small']).toBe('number');
    expect(JSON.stringify(mixed)).toBe('{"small":2,"big":12345678901234567890}');
  });
});
