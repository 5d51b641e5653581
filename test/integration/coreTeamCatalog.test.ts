import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { nextTeam, whenCall } from '../support/coreEvents.ts';
import { FakeClock } from '../support/fakeClock.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { tempFolders } from '../support/tempFolders.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

const { tempDir, closeLater } = tempFolders('robot-tray-team-');

async function openCore(options: { watchTeamCatalog?: boolean } = {}): Promise<AppCore> {
  const core = await AppCore.open({
    dataDir: await tempDir(),
    secrets: memorySecrets(),
    resumeWatching: false,
    watchTeamCatalog: options.watchTeamCatalog ?? true,
  });
  closeLater(() => core.close());
  return core;
}

describe('the team catalog', () => {
  test("is shown beside one's own robots, read-only, with ids derived from names", async () => {
    const folder = await tempDir();
    const file = path.join(folder, 'catalog.json');
    await writeFile(
      file,
      catalogText([
        { name: 'Orders', baseUrl: 'https://orders.example', presets: [{ name: 'Daily', args: { d: 1 } }] },
      ]),
    );
    const core = await openCore();
    const own = await core.createRobot({ name: 'Mine', baseUrl: 'https://mine.example' });
    const team = await core.followTeamCatalog(file);
    expect(team).toMatchObject({
      file,
      problem: null,
      robots: [{ name: 'Orders', hasToken: false }],
      presets: [{ name: 'Daily' }],
    });
    const robot = team.robots[0]!;
    expect(robot.id).toMatch(/^team-/);
    expect(core.getSettings().teamCatalogFile).toBe(file);
    expect((await core.listRobots()).map((r) => r.id)).toEqual([own.id]);
    expect((await core.getRobot('orders')).id).toBe(robot.id);
    expect((await core.listPresets(robot.id)).map((p) => p.name)).toEqual(['Daily']);
    await expect(core.updateRobot(robot.id, { notes: 'x' })).rejects.toThrow(/belongs to the team catalog/);
    await expect(core.deleteRobot(robot.id)).rejects.toThrow(/belongs to the team catalog/);
    await expect(core.createPreset({ robotId: robot.id, name: 'Mine' })).rejects.toThrow(
      /belongs to the team catalog/,
    );
    await expect(core.updatePreset(team.presets[0]!.id, { args: {} })).rejects.toThrow(
      /belongs to the team catalog/,
    );

    // "Copy to my robots": a robot of one's own with a new id and the presets; a second copy is refused.
    await core.copyTeamRobot(robot.id);
    const copy = await core.getRobot('Orders');
    expect(copy).toMatchObject({ name: 'Orders', baseUrl: 'https://orders.example', hasToken: false });
    expect(copy.id).not.toBe(robot.id);
    expect((await core.listPresets(copy.id)).map((p) => [p.name, p.args])).toEqual([['Daily', { d: 1 }]]);
    await expect(core.copyTeamRobot(robot.id)).rejects.toThrow('You already have a robot named "Orders".');
    await core.deleteRobot(copy.id);

    // Another core on another data folder derives the very same ids.
    const other = await openCore({ watchTeamCatalog: false });
    expect((await other.followTeamCatalog(file)).robots[0]!.id).toBe(robot.id);
    // A core opened on the same settings follows the catalog from the start (the CLI does).
    const again = await AppCore.open({
      dataDir: core.dataDir,
      secrets: memorySecrets(),
      resumeWatching: false,
    });
    closeLater(() => again.close());
    expect(again.teamCatalog().robots.map((r) => r.id)).toEqual([robot.id]);
  });

  test('reloads when the file changes; a broken write keeps the last good version and says so; a fixed write recovers', async () => {
    const folder = await tempDir();
    const file = path.join(folder, 'catalog.json');
    await writeFile(file, catalogText([{ name: 'Orders', baseUrl: 'https://orders.example' }]));
    const core = await openCore();
    const first = await core.followTeamCatalog(file);
    const ordersId = first.robots[0]!.id;

    const grown = nextTeam(core, (t) => t.robots.length === 2);
    await writeFile(
      file,
      catalogText([
        { name: 'Orders', baseUrl: 'https://orders.example' },
        { name: 'Billing', baseUrl: 'https://billing.example' },
      ]),
    );
    const after = await grown;
    expect(after.robots.map((r) => [r.name, r.id === ordersId])).toEqual([
      ['Orders', true],
      ['Billing', false],
    ]);
    expect(after.problem).toBeNull();

    const broken = nextTeam(core, (t) => t.problem !== null);
    await writeFile(file, '{"format": "robot-tray-export", "version": 1, "robots": [{"na');
    const reported = await broken;
    expect(reported.problem).toMatch(
      /^The team catalog .*catalog\.json is not valid JSON .* Robot Tray keeps showing the version it last read\.$/,
    );
    expect(reported.robots.map((r) => r.name)).toEqual(['Orders', 'Billing']);
    expect((await core.getRobot('Billing')).id).toBe(after.robots[1]!.id);
    // A process started while the file is broken (the CLI, the app at login) shows the last good version too.
    const started = await AppCore.open({
      dataDir: core.dataDir,
      secrets: memorySecrets(),
      resumeWatching: false,
    });
    closeLater(() => started.close());
    expect(started.teamCatalog()).toMatchObject({ problem: expect.stringMatching(/is not valid JSON/) });
    expect(started.teamCatalog().robots.map((r) => r.id)).toEqual(after.robots.map((r) => r.id));

    const fixed = nextTeam(core, (t) => t.problem === null);
    await writeFile(file, catalogText([{ name: 'Billing', baseUrl: 'https://billing.example' }]));
    expect((await fixed).robots.map((r) => r.name)).toEqual(['Billing']);
  });

  test('a file saved by rename (an editor, a git checkout) is seen too', async () => {
    const folder = await tempDir();
    const file = path.join(folder, 'catalog.json');
    await writeFile(file, catalogText([{ name: 'Orders', baseUrl: 'https://orders.example' }]));
    const core = await openCore();
    await core.followTeamCatalog(file);
    const changed = nextTeam(core, (t) => t.robots[0]?.name === 'Renamed');
    const temp = path.join(folder, '.catalog.json.tmp');
    await writeFile(temp, catalogText([{ name: 'Renamed', baseUrl: 'https://orders.example' }]));
    await import('node:fs/promises').then((fs) => fs.rename(temp, file));
    await changed;
  });

  test('a file that is not a catalog is refused when chosen, and nothing is followed', async () => {
    const folder = await tempDir();
    const core = await openCore();
    await expect(core.followTeamCatalog(path.join(folder, 'missing.json'))).rejects.toThrow(/does not exist/);
    await mkdir(path.join(folder, 'dir.json'));
    await expect(core.followTeamCatalog(path.join(folder, 'dir.json'))).rejects.toThrow(/is a folder/);
    expect(core.getSettings().teamCatalogFile).toBeNull();
    expect(core.teamCatalog()).toMatchObject({ file: null, robots: [] });
  });

  test('a team robot fires once a token is set for its origin', async () => {
    const sandbox: Sandbox = await startSandbox({ demoRobots: false, seed: 3 });
    closeLater(() => sandbox.close());
    const { token } = sandbox.addRobot({ name: 'Orders', flow: [{ type: 'respond', echo: true }] });
    const folder = await tempDir();
    const file = path.join(folder, 'catalog.json');
    await writeFile(
      file,
      catalogText([
        { name: 'Orders', baseUrl: sandbox.baseUrl, presets: [{ name: 'Daily', args: { n: 1 } }] },
      ]),
    );
    const core = await openCore();
    const robot = (await core.followTeamCatalog(file)).robots[0]!;
    const refused = await core.fire(robot.id, { method: 'POST', args: {} }).catch((error: Error) => error);
    expect(String(refused)).toMatch(/token/i);
    const withToken = nextTeam(core, (t) => t.robots[0]?.hasToken === true);
    expect(await core.setToken(robot.id, token)).toMatchObject({ hasToken: true, changed: true });
    await withToken;
    expect(await core.tokenStatus(robot.id)).toMatchObject({ hasToken: true });
    const call = await core.fire(robot.id, { method: 'POST', args: { n: 1 } });
    expect(call.state).toBe('waiting');
    await core.watchCall(call.id);
    expect((await whenCall(core, call.id, (c) => c.state === 'done')).robotId).toBe(robot.id);
  });

  test('where the folder is not watched, the periodic refresh notices the change', async () => {
    const folder = await tempDir();
    const file = path.join(folder, 'catalog.json');
    await writeFile(file, catalogText([{ name: 'Orders', baseUrl: 'https://orders.example' }]));
    const clock = new FakeClock();
    const core = await AppCore.open({
      dataDir: await tempDir(),
      secrets: memorySecrets(),
      clock,
      resumeWatching: true,
      watchTeamCatalog: false,
    });
    closeLater(() => core.close());
    await core.followTeamCatalog(file);
    // The first look notes the file's time and size.
    const looked = nextTeam(core, () => true);
    clock.advance(5_000);
    await looked;
    const changed = nextTeam(core, (t) => t.robots[0]?.name === 'Billing');
    await writeFile(file, catalogText([{ name: 'Billing', baseUrl: 'https://billing.example' }]));
    clock.advance(5_000);
    await changed;
  });
});
