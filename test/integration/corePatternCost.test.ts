import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { MAX_PATTERN_STEPS } from '../../src/shared/limits.ts';
import { nextTeam } from '../support/coreEvents.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { tempFolders } from '../support/tempFolders.ts';
import { costlyField, countPatternWork, CRAFTED_PATTERN, stepsOf } from '../support/patternWork.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

const { tempDir, closeLater } = tempFolders('robot-tray-patterns-');

async function open(dataDir: string): Promise<AppCore> {
  const core = await AppCore.open({
    dataDir,
    secrets: memorySecrets(),
    resumeWatching: false,
    watchFolder: true,
  });
  closeLater(() => core.close());
  return core;
}

const robot = (presets: object[]) => ({ name: 'Orders', baseUrl: 'https://orders.example', presets });
/** Fifty fields of the report's pattern, each with a 10,000-character default, in each of `presets` presets. */
const crafted = (presets: number) =>
  robot(
    Array.from({ length: presets }, (_, p) => ({
      name: `p${p}`,
      fields: Array.from({ length: 50 }, (_, f) => ({
        name: `f${f}`,
        type: 'text',
        pattern: CRAFTED_PATTERN,
        default: 'a'.repeat(10_000),
      })),
    })),
  );
/** Sixty fields each allowed alone, together far past what one file may cost. */
const costly = () =>
  robot(
    Array.from({ length: 30 }, (_, p) => ({
      name: `p${p}`,
      fields: [costlyField(2 * p), costlyField(2 * p + 1)],
    })),
  );

describe('a followed catalog full of costly patterns', () => {
  test('each save of it, and each start that reads it, costs at most MAX_PATTERN_STEPS of pattern work', async () => {
    const folder = await tempDir();
    const file = path.join(folder, 'catalog.json');
    await writeFile(file, catalogText([robot([{ name: 'Daily' }])]));
    const core = await open(await tempDir());
    await core.followTeamCatalog(file);

    for (const version of [crafted(20), costly()]) {
      const counting = countPatternWork();
      const refused = nextTeam(core, (t) => t.problem !== null && t.problem.includes('pattern'));
      await writeFile(file, catalogText([version]));
      const team = await refused.finally(() => counting.stop());
      expect(team.problem).toMatch(/presets\[\d+\]\.fields\[\d+\]\.pattern: /);
      expect(team.presets.map((p) => p.name)).toEqual(['Daily']);
      expect(stepsOf(counting.work)).toBeLessThanOrEqual(MAX_PATTERN_STEPS);
      const fixed = nextTeam(core, (t) => t.problem === null);
      await writeFile(file, catalogText([robot([{ name: 'Daily' }])]));
      await fixed;
    }

    // A start (the app at login, every CLI command) reads the file as it is, then the last good copy.
    await writeFile(file, catalogText([crafted(20)]));
    const counting = countPatternWork();
    const started = await open(core.dataDir).finally(() => counting.stop());
    expect(started.teamCatalog()).toMatchObject({
      problem: expect.stringMatching(/is too large to check quickly/),
      presets: [{ name: 'Daily' }],
    });
    expect(stepsOf(counting.work)).toBeLessThanOrEqual(2 * MAX_PATTERN_STEPS);
  });
});
