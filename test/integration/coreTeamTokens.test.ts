import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { suspensionSentence } from '../../src/shared/models/tokenOrigin.ts';
import { nextTeam } from '../support/coreEvents.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { tempFolders } from '../support/tempFolders.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

const { tempDir, closeLater } = tempFolders('robot-tray-team-tokens-');

async function openCore(shared: { dataDir?: string; secrets?: ReturnType<typeof memorySecrets> } = {}) {
  const secrets = shared.secrets ?? memorySecrets();
  const core = await AppCore.open({
    dataDir: shared.dataDir ?? (await tempDir()),
    secrets,
    resumeWatching: false,
    watchTeamCatalog: true,
  });
  closeLater(() => core.close());
  /** The keychain accounts of team robots, as the keychain lists them. */
  const teamAccounts = () =>
    [...secrets.entries.keys()].filter((k) => k.includes('team-')).map((k) => k.split('\u0000')[1]);
  return { core, teamAccounts, secrets };
}

const TOKEN = 'team-token-for-orders-000000001';

describe("a team robot's token on this desk", () => {
  test('moved by the catalog to another host, it is suspended in the words own robots get; only a confirmed move sends it there', async () => {
    const file = path.join(await tempDir(), 'catalog.json');
    await writeFile(file, catalogText([{ name: 'Orders', baseUrl: 'https://orders.example' }]));
    const { core, teamAccounts } = await openCore();
    const robot = (await core.followTeamCatalog(file)).robots[0]!;
    await core.setToken(robot.id, TOKEN);

    const moved = nextTeam(core, (t) => t.robots[0]?.baseUrl === 'https://elsewhere.example');
    await writeFile(file, catalogText([{ name: 'Orders', baseUrl: 'https://elsewhere.example' }]));
    const suspended = { from: 'https://orders.example', to: 'https://elsewhere.example' };
    expect((await moved).robots[0]).toMatchObject({
      id: robot.id,
      hasToken: false,
      tokenSuspended: suspended,
    });
    expect(await core.tokenStatus(robot.id)).toMatchObject({ hasToken: false, suspended });
    const refused = await core.fire(robot.id, { method: 'POST', args: {} }).catch((error: Error) => error);
    expect((refused as Error).message).toBe(suspensionSentence('Orders', suspended));

    await expect(core.moveToken(robot.id, 'https://third.example')).rejects.toThrow(/no longer points at/);
    expect(teamAccounts()).toEqual([`${robot.id}@https://orders.example`]);
    expect(await core.moveToken(robot.id, suspended.to)).toMatchObject({
      hasToken: true,
      suspended: null,
      changed: true,
    });
    expect(teamAccounts()).toEqual([`${robot.id}@https://elsewhere.example`]);
  });

  test('set or cleared by another process (the CLI), it is announced here, as one’s own robot’s token is', async () => {
    const file = path.join(await tempDir(), 'catalog.json');
    await writeFile(file, catalogText([{ name: 'Orders', baseUrl: 'https://orders.example' }]));
    const app = await openCore();
    const robot = (await app.core.followTeamCatalog(file)).robots[0]!;
    const cli = await openCore({ dataDir: app.core.dataDir, secrets: app.secrets });
    expect(cli.core.teamCatalog().robots.map((r) => r.id)).toEqual([robot.id]);

    const set = nextTeam(app.core, (t) => t.robots[0]?.hasToken === true);
    await cli.core.setToken(robot.id, TOKEN);
    expect((await set).robots[0]).toMatchObject({ id: robot.id, hasToken: true });
    const cleared = nextTeam(app.core, (t) => t.robots[0]?.hasToken === false);
    expect(await cli.core.clearToken(robot.id)).toMatchObject({ hasToken: false, changed: true });
    expect((await cleared).robots[0]).toMatchObject({ id: robot.id, hasToken: false });
  });

  test('stopping to follow the catalog removes its robots’ tokens unless kept; following again asks for them again', async () => {
    const file = path.join(await tempDir(), 'catalog.json');
    await writeFile(file, catalogText([{ name: 'Orders', baseUrl: 'https://orders.example' }]));
    const { core, teamAccounts } = await openCore();
    const robot = (await core.followTeamCatalog(file)).robots[0]!;
    await core.setToken(robot.id, TOKEN);

    expect(await core.stopTeamCatalog()).toMatchObject({ tokens: 1, kept: false, team: { file: null } });
    expect(teamAccounts()).toEqual([]);
    expect((await core.followTeamCatalog(file)).robots[0]).toMatchObject({ hasToken: false });

    await core.setToken(robot.id, TOKEN);
    expect(await core.stopTeamCatalog({ keepTokens: true })).toMatchObject({ tokens: 1, kept: true });
    expect(teamAccounts()).toHaveLength(1);
    expect((await core.followTeamCatalog(file)).robots[0]).toMatchObject({ hasToken: true });
    // The window's "Stop following" (followTeamCatalog(null)) removes them too.
    await core.followTeamCatalog(null);
    expect(teamAccounts()).toEqual([]);
  });
});
