import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { AppCore } from '../../src/core/appCore.ts';
import { memorySecrets } from '../support/memorySecrets.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

/**
 * Whether a robot's token may travel unencrypted over plain http to another
 * machine is this desk's decision, made in the robot's form under its
 * warning, like accepting a certificate: a team catalog (a file anyone on
 * the team can edit) does not make it.
 */
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

test('a team catalog cannot allow plain http for this desk: its remote http robot is refused before anything is sent', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-team-insecure-'));
  const core = await AppCore.open({ dataDir: dir, secrets: memorySecrets(), resumeWatching: false });
  cleanups.push(async () => {
    await core.close();
    await rm(dir, { recursive: true, force: true });
  });
  const file = path.join(dir, 'team.json');
  // 192.0.2.1 is a documentation address: nothing answers there.
  const robots = [{ name: 'Plain', baseUrl: 'http://192.0.2.1:8080', allowInsecureHttp: true }];
  await writeFile(file, catalogText(robots));
  const team = (await core.followTeamCatalog(file)).robots[0]!;
  expect(team.allowInsecureHttp).toBe(false);
  await core.setToken(team.id, 'team-token-0123456789abcdef');
  await expect(core.fire(team.id, { method: 'POST', args: {} })).rejects.toThrow(
    /uses plain http to 192\.0\.2\.1:8080, which would send its token unencrypted/,
  );
});
