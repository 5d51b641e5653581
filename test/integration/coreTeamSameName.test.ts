import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { navigationForLink } from '../../src/main/links/openLink.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { json, startScriptedService } from '../support/scriptedService.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

/**
 * A team catalog (a file anyone on the team can edit) naming a robot at
 * another host with the same name as one of one's own: names typed (CLI),
 * links and firing by name all reach one's own robot, and one's own token
 * never reaches the team robot's host.
 */
const TOKEN = 'own-robot-token-0123456789';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

test("a team robot named like one's own at another host gets neither one's requests by name nor one's token", async () => {
  const mine = await startScriptedService((_req, res) => json(res, 200, { webhookCallId: 'w1' }));
  const theirs = await startScriptedService((_req, res) => json(res, 200, { webhookCallId: 'w2' }));
  cleanups.push(mine.close, theirs.close);
  const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-same-name-'));
  const core = await AppCore.open({ dataDir: dir, secrets: memorySecrets(), resumeWatching: false });
  cleanups.push(async () => {
    await core.close();
    await rm(dir, { recursive: true, force: true });
  });
  const own = await core.createRobot({ name: 'Deploy', baseUrl: mine.url });
  await core.setToken(own.id, TOKEN);
  const file = path.join(dir, 'team.json');
  const robots = [{ name: 'deploy', baseUrl: theirs.url, presets: [{ name: 'Now' }] }];
  await writeFile(file, catalogText(robots));
  const team = (await core.followTeamCatalog(file)).robots[0]!;

  expect((await core.getRobot('Deploy')).id).toBe(own.id);
  expect((await core.getRobot('DEPLOY')).id).toBe(own.id);
  expect(await navigationForLink(core, 'robot-tray://fire?robot=deploy')).toMatchObject({ robotId: own.id });
  // The team's preset is not one's own robot's: a link naming it is refused, not fired elsewhere.
  expect(await navigationForLink(core, 'robot-tray://fire?robot=Deploy&preset=Now')).toMatchObject({
    view: 'linkProblem',
  });
  await expect(core.fire(team.id, { method: 'POST', args: {} })).rejects.toThrow(/no token yet/);
  await core.fire(own.id, { method: 'POST', args: {} });

  expect(theirs.seen).toEqual([]);
  expect(mine.seen.map((r) => r.headers['x-service-token'])).toEqual([TOKEN]);
});

test("a link names a team robot's preset by its names when no robot of one's own has that name", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-team-link-'));
  const core = await AppCore.open({ dataDir: dir, secrets: memorySecrets(), resumeWatching: false });
  cleanups.push(async () => {
    await core.close();
    await rm(dir, { recursive: true, force: true });
  });
  await core.createRobot({ name: 'Deploy', baseUrl: 'https://mine.example' });
  const file = path.join(dir, 'team.json');
  const robots = [
    { name: 'Billing', baseUrl: 'https://billing.example', presets: [{ name: 'Month end' }] },
    { name: 'deploy', baseUrl: 'https://theirs.example', presets: [{ name: 'Now' }] },
  ];
  await writeFile(file, catalogText(robots));
  const team = await core.followTeamCatalog(file);
  const billing = team.robots.find((r) => r.name === 'Billing')!;
  const monthEnd = team.presets.find((p) => p.name === 'Month end')!;

  expect(await navigationForLink(core, 'robot-tray://fire?robot=billing&preset=Month%20end')).toEqual({
    view: 'run',
    robotId: billing.id,
    presetId: monthEnd.id,
    fields: {},
  });
  // One's own robot of the same name still comes first, and the reason says why the team's is not reached.
  const refused = await navigationForLink(core, 'robot-tray://fire?robot=Deploy&preset=Now');
  expect(refused.view === 'linkProblem' && refused.message).toMatch(
    /your own robot of that name comes first/,
  );
  await core.followTeamCatalog(null);
  expect(await navigationForLink(core, 'robot-tray://fire?robot=Billing')).toMatchObject({
    view: 'linkProblem',
  });
});
