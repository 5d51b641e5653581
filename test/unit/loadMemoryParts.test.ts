import { describe, expect, test } from 'vitest';
import { fifthMedians } from '../../bench/support/loadOutcome.ts';
import {
  growthText,
  PART_NAMES,
  rssSplit,
  sampleMemoryParts,
  type PartFifths,
} from '../../bench/support/memoryParts.ts';

/** What the load run (bench/load-faults.ts) says RSS is made of, beside RSS itself. */
describe("the load run's account of its memory", () => {
  test("RSS's anonymous and file-backed parts are read from /proc/self/status, in MiB", () => {
    const status =
      'Name:\tnode\nVmRSS:\t  204800 kB\nRssAnon:\t  143360 kB\nRssFile:\t   61440 kB\nRssShmem:\t0 kB\n';
    expect(rssSplit(status)).toEqual({ anon: 140, file: 60 });
    expect(rssSplit('')).toBeNull();
    expect(rssSplit('RssAnon:\t1024 kB\n')).toBeNull();
  });

  test('a sample on this machine accounts for RSS: V8 spaces inside RSS, the young generation inside V8', () => {
    const parts = sampleMemoryParts();
    expect(parts.v8NewSpace).toBeLessThanOrEqual(parts.v8Committed);
    expect(parts.v8Committed).toBeLessThan(parts.rss);
    expect(parts.outsideV8).toBeCloseTo(parts.rss - parts.v8Committed, 6);
    if (parts.rssAnon !== null && parts.rssFile !== null) {
      // Read a moment apart from RSS itself, so within a few MiB of it.
      expect(Math.abs(parts.rssAnon + parts.rssFile - parts.rss)).toBeLessThan(16);
      expect(parts.native).toBeCloseTo(parts.rssAnon - parts.v8Committed - parts.external, 6);
    }
  });

  test('the growth is put to each part, the young generation apart from the rest of V8', () => {
    const at = (first: number | null, last: number | null) => ({ first, last });
    const parts: PartFifths = {
      rss: at(167, 285),
      rssFile: at(65, 65),
      rssAnon: at(103, 220),
      v8Committed: at(55, 150),
      v8Used: at(33, 54),
      v8NewSpace: at(26, 103),
      external: at(10, 11),
      native: at(38, 60),
      outsideV8: at(112, 135),
    };
    expect(growthText(parts)).toBe(
      "RSS +118 MiB: V8's young generation 26 → 103, V8's other spaces 29 → 47, " +
        'native (malloc, SQLite, stacks) 38 → 60, external 10 → 11, mapped files 65 → 65 MiB; ' +
        'V8 heap in use 33 → 54 MiB',
    );
    const unknown = Object.fromEntries(PART_NAMES.map((n) => [n, at(null, null)])) as PartFifths;
    expect(growthText(unknown)).toBe(
      "RSS ? MiB: V8's young generation ? → ?, V8's other spaces ? → ?, " +
        'native (malloc, SQLite, stacks) ? → ?, external ? → ?, mapped files ? → ? MiB; V8 heap in use ? → ? MiB',
    );
  });

  test('each fifth of the run has its own median; a fifth with no sample has none', () => {
    const samples = Array.from({ length: 50 }, (_, i) => ({ atMs: i * 200, value: Math.floor(i / 10) * 10 }));
    samples[3]!.value = 900;
    expect(fifthMedians(samples, 10_000)).toEqual([0, 10, 20, 30, 40]);
    expect(fifthMedians([{ atMs: 10_000, value: 7 }], 10_000)).toEqual([null, null, null, null, 7]);
  });
});
