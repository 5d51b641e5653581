import { describe, expect, test } from 'vitest';
import { sparkline, statsText } from '../../src/cli/statsReport.ts';
import { durationText, noStates, type RunStats } from '../../src/shared/models/runStats.ts';

describe("robot-tray stats' text", () => {
  test('a sparkline has a bar a day, the tallest the largest, a space for a day without runs', () => {
    expect(sparkline([0, 7, 14, null, 3.5])).toBe('▁▅█ ▃');
    expect(sparkline([0, 0])).toBe('▁▁');
  });

  test('on a terminal the days are two sparklines: calls and p50 run time', () => {
    const day = (start: number, calls: number, p50: number | null) => ({
      start,
      calls,
      states: { ...noStates(), done: calls },
      runTimes: { runs: calls, p50, p90: p50 },
    });
    const stats: RunStats = {
      robotId: 'r1',
      presetId: null,
      since: new Date(2026, 0, 1).getTime(),
      until: new Date(2026, 0, 4).getTime(),
      calls: 6,
      states: { ...noStates(), done: 6 },
      runTimes: { runs: 6, p50: 12_000, p90: 130_000 },
      days: [
        day(new Date(2026, 0, 1).getTime(), 2, 10_000),
        day(new Date(2026, 0, 2).getTime(), 0, null),
        day(new Date(2026, 0, 3).getTime(), 4, 20_000),
      ],
      points: [],
    };
    const text = statsText(stats, 'Invoices', true);
    expect(text).toMatch(/^Period +2026-01-01 to 2026-01-03 \(3 days\)$/m);
    expect(text).toMatch(/^Run time +p50 12 s · p90 2.2 min \(6 runs done or failed\)$/m);
    expect(text).toMatch(/^Calls by day +▅▁█$/m);
    expect(text).toMatch(/^p50 by day +▅ █$/m);
    expect(text).not.toMatch(/^DAY/m);
    expect(durationText(850)).toBe('850 ms');
  });
});
