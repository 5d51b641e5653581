import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { teamPresetId, teamRobotId } from '../../src/core/team/teamRecords.ts';
import { linkNavigation } from '../../src/shared/links/linkNavigation.ts';
import { nameKey } from '../../src/shared/names.ts';
import { formatFireLink } from '../../src/shared/links/fireLink.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { tempFolders } from '../support/tempFolders.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

const { tempDir, closeLater } = tempFolders('robot-tray-names-');

async function openCore(): Promise<AppCore> {
  const core = await AppCore.open({
    dataDir: await tempDir(),
    secrets: memorySecrets(),
    resumeWatching: false,
  });
  closeLater(() => core.close());
  return core;
}

const composed = 'Caf\u00e9';
const decomposed = 'Cafe\u0301';

/** Two names that read alike (or are the same name by the rule), each at its own host. */
const pairs: Array<[string, string]> = [
  [composed, decomposed],
  ['STRASSE', 'Straße'],
  ['Invoices', 'Invoi\u200Bces'],
];

describe('one name rule, wherever names meet', () => {
  test('an import or a team catalog cannot hold two robots, or two presets of one, with the same name', async () => {
    const core = await openCore();
    const folder = await tempDir();
    for (const [first, second] of pairs) {
      const file = path.join(folder, 'two.json');
      await writeFile(
        file,
        catalogText([
          { name: first, baseUrl: 'https://first.example' },
          { name: second, baseUrl: 'https://second.example' },
        ]),
      );
      await expect(core.readExportFile(file), second).rejects.toThrow(
        /robots\[1\]\.name: ".*" is the same name as ".*"/,
      );
      await expect(core.followTeamCatalog(file)).rejects.toThrow(/is the same name as/);
      const presets = path.join(folder, 'presets.json');
      await writeFile(
        presets,
        catalogText([
          { name: 'One', baseUrl: 'https://one.example', presets: [{ name: first }, { name: second }] },
        ]),
      );
      await expect(core.readExportFile(presets)).rejects.toThrow(
        /robots\[0\]\.presets\[1\]\.name: .* is the same name as .* for this robot/,
      );
    }
    expect(core.teamCatalog().file).toBeNull();
  });

  test("robot add, an import and a team catalog's ids treat the names as one", async () => {
    const core = await openCore();
    const folder = await tempDir();
    for (const [first, second] of pairs) {
      await core.createRobot({ name: first, baseUrl: 'https://mine.example' });
      await expect(core.createRobot({ name: second, baseUrl: 'https://other.example' })).rejects.toThrow(
        /already exists/,
      );
      // An import of the other spelling meets one's own robot: replace or skip, never a second robot.
      const file = path.join(folder, 'one.json');
      await writeFile(file, catalogText([{ name: second, baseUrl: 'https://other.example' }]));
      const plan = await core.planImport(await core.readExportFile(file));
      expect(plan.robots.map((r) => r.action)).toEqual(['conflict']);
      expect((await core.getRobot(second)).name).toBe(first);
      expect(teamRobotId(second)).toBe(teamRobotId(first));
      expect(teamPresetId(second, first)).toBe(teamPresetId(first, second));
    }
    expect(teamRobotId('Cafe')).not.toBe(teamRobotId(composed));
    // A plain name keeps the key (and a team robot the id, and its token) it had before the rule.
    expect(nameKey(' Invoice Sync-2 ')).toBe('invoice sync-2');
  });

  test('a link naming the other spelling opens the robot and preset by the same rule', async () => {
    const core = await openCore();
    const robot = await core.createRobot({ name: 'Straße', baseUrl: 'https://mine.example' });
    const preset = await core.createPreset({ robotId: robot.id, name: decomposed });
    const link = formatFireLink({ robot: 'STRASSE', preset: composed, fields: {} });
    if (!link.ok) throw new Error(link.reason);
    const catalog = { robots: await core.listRobots(), presets: await core.listPresets() };
    expect(linkNavigation(link.text, catalog)).toMatchObject({ robotId: robot.id, presetId: preset.id });
  });
});
