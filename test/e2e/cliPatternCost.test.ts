import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { CliResult } from '../support/cliHarness.ts';
import { cliForFile } from '../support/cliForFile.ts';
import { CRAFTED_PATTERN } from '../support/patternWork.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

/** A catalog of one robot whose preset has a field with `pattern` and a 10,000-character default. */
const catalog = (pattern: string) =>
  catalogText([
    {
      name: 'Orders',
      baseUrl: 'https://orders.example',
      presets: [
        { name: 'Daily', fields: [{ name: 'code', type: 'text', pattern, default: 'a'.repeat(10_000) }] },
      ],
    },
  ]);

/**
 * The report's catalog through the real bin. The work a pattern may cost is
 * bounded by construction (test/unit/patternCost.test.ts counts it); here each
 * command is timed against the same command on a plain catalog of the same
 * size, in the same run, with a margin no loaded machine comes near (before
 * the bound, the crafted file took 20 s and more per command).
 */
describe('robot-tray and a catalog whose pattern costs seconds per check', () => {
  const cli = cliForFile();

  const timed = async (args: string[]): Promise<CliResult & { ms: number }> => {
    const started = performance.now();
    const result = await cli().run(args);
    return { ...result, ms: performance.now() - started };
  };

  test('import --dry-run, team follow, robot list and team status take no longer than with a plain pattern', async () => {
    const h = cli();
    const plain = path.join(h.home, 'plain.json');
    const crafted = path.join(h.home, 'crafted.json');
    await writeFile(plain, catalog('^a*$'));
    await writeFile(crafted, catalog(CRAFTED_PATTERN));

    const baseline = {
      import: await timed(['import', '--dry-run', plain]),
      follow: await timed(['team', 'follow', plain]),
      list: await timed(['robot', 'list']),
      status: await timed(['team', 'status']),
    };
    expect(Object.values(baseline).map((r) => r.code)).toEqual([0, 0, 0, 0]);

    const refusedImport = await timed(['import', '--dry-run', crafted]);
    expect(refusedImport.code).toBe(2);
    expect(refusedImport.stderr).toContain('fields[0].pattern: is too large to check quickly');
    const refusedFollow = await timed(['team', 'follow', crafted]);
    expect(refusedFollow.code).not.toBe(0);
    expect(refusedFollow.stderr).toContain('is too large to check quickly');
    // The followed file saved over with the crafted pattern: every command reads it as it starts.
    await writeFile(plain, catalog(CRAFTED_PATTERN));
    const list = await timed(['robot', 'list']);
    expect(list.stdout).toContain('Orders');
    const status = await timed(['team', 'status']);
    expect(status).toMatchObject({
      code: 1,
      stdout: expect.stringContaining('is too large to check quickly'),
    });

    const margin = (base: { ms: number }) => 2 * base.ms + 2_000;
    expect(refusedImport.ms).toBeLessThan(margin(baseline.import));
    expect(refusedFollow.ms).toBeLessThan(margin(baseline.follow));
    expect(list.ms).toBeLessThan(margin(baseline.list));
    expect(status.ms).toBeLessThan(margin(baseline.status));
  });
});
