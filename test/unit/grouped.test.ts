import { expect, test } from 'vitest';
import { grouped } from '../../src/shared/grouped.ts';

test('grouped writes whole numbers as en-US does, thousands apart by commas, without Intl', () => {
  for (const n of [0, 7, 999, 1_000, 12_345, 100_000, 1_234_567, 16_777_216, -1_234, Number.MAX_SAFE_INTEGER])
    expect(grouped(n)).toBe(n.toLocaleString('en-US'));
  expect(grouped(1.5)).toBe('1.5');
  expect(grouped(Number.POSITIVE_INFINITY)).toBe('Infinity');
});
