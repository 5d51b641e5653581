import { describe, expect, test } from 'vitest';
import { spread, spreadText } from '../../bench/support/spread.ts';

/** How a figure measured in several fresh processes is reported (bench/history-list.ts). */
describe('a figure measured in several processes', () => {
  test('is their median, so one outlying process does not decide it, with the fewest and most', () => {
    // The RSS five single runs of the 3 GiB history benchmark once gave.
    expect(spread([179, 184, 192, 308, 171])).toEqual({ median: 184, min: 171, max: 308 });
    expect(spread([308, 171])).toEqual({ median: 239.5, min: 171, max: 308 });
    expect(spread([5])).toEqual({ median: 5, min: 5, max: 5 });
  });

  test('leaves the values it was given in their order', () => {
    const values = [3, 1, 2];
    spread(values);
    expect(values).toEqual([3, 1, 2]);
  });

  test('refuses to make a figure from no process at all', () => {
    expect(() => spread([])).toThrow(/no values/);
  });

  test('is written as the median, then the range', () => {
    expect(spreadText({ median: 184, min: 171.4, max: 308.2 }, 'MiB')).toBe('184 MiB (171–308)');
    expect(spreadText({ median: 5.594, min: 5.1, max: 6 }, 'ms', 2)).toBe('5.59 ms (5.10–6.00)');
  });
});
