import { describe, expect, test } from 'vitest';
import { budgetMayBeOver } from '../../src/core/store/historyBudget.ts';

/** When the history's size is worth counting again (a scan of every row). */
const seen = { dataVersion: 7, rows: 90, bytes: 9_000, grownRows: 1_000, grownBytes: 500_000 };
const now = (grownRows: number, grownBytes: number, dataVersion = 7) => ({
  dataVersion,
  grownRows,
  grownBytes,
});

describe('the history is counted again', () => {
  test('when it never was', () => {
    expect(budgetMayBeOver(undefined, now(0, 0), 100, 10_000)).toBe(true);
  });

  test('when another connection committed since, whatever this one wrote', () => {
    expect(budgetMayBeOver(seen, now(1_000, 500_000, 8), 100, 10_000)).toBe(true);
  });

  test('when this connection may have added more calls or bytes than were left', () => {
    expect(budgetMayBeOver(seen, now(1_010, 500_000), 100, 10_000)).toBe(false);
    expect(budgetMayBeOver(seen, now(1_011, 500_000), 100, 10_000)).toBe(true);
    expect(budgetMayBeOver(seen, now(1_000, 501_000), 100, 10_000)).toBe(false);
    expect(budgetMayBeOver(seen, now(1_000, 501_001), 100, 10_000)).toBe(true);
  });

  test('when the limits came down below what was counted', () => {
    expect(budgetMayBeOver(seen, now(1_000, 500_000), 89, 10_000)).toBe(true);
    expect(budgetMayBeOver(seen, now(1_000, 500_000), 100, 8_999)).toBe(true);
  });
});
