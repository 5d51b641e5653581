import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ImportPlan } from '../../src/core/sharing/importPlan.ts';
import type { RobotView } from '../../src/shared/models/robot.ts';
import { catalogRecords, EMPTY_CATALOG } from '../support/databaseFile.ts';
import { CliHarness } from '../support/cliHarness.ts';
import { catalogText } from '../support/teamCatalogFile.ts';

/** robot-tray export and import through the real bin, between two data folders. */
describe('robot-tray export and import', () => {
  let h: CliHarness;
  let other: string;
  beforeAll(async () => {
    h = await CliHarness.open();
    other = await mkdtemp(path.join(tmpdir(), 'robot-tray-import-'));
  });
  afterAll(async () => {
    await h?.close();
    await rm(other, { recursive: true, force: true });
  });
  const inOther = () => ({ env: { ROBOT_TRAY_HOME: other } });
  const bytes = catalogRecords;

  test('export to stdout and to a file carries robots and presets, never the token', async () => {
    const robot = await h.addRobot({ name: 'Invoice sync', flow: [] });
    const core = await h.core();
    await core.createPreset({ robotId: robot.id, name: 'Daily', args: { customer: 'ACME' } });
    const stdout = await h.run(['export', '-']);
    expect(stdout).toMatchObject({ code: 0, stderr: '' });
    const file = JSON.parse(stdout.stdout);
    expect(file).toMatchObject({
      format: 'robot-tray-export',
      version: 1,
      robots: [
        {
          name: 'Invoice sync',
          baseUrl: h.sandbox.baseUrl,
          presets: [{ name: 'Daily', args: { customer: 'ACME' } }],
        },
      ],
    });
    expect(stdout.stdout).not.toContain(robot.id);
    const written = await h.run(['export', '--robot', 'invoice sync', path.join(h.home, 'team.json')]);
    expect(written.stdout).toBe(
      `Exported 1 robot and 1 preset to ${path.join(h.home, 'team.json')} (no tokens).\n`,
    );
    h.keep(await readFile(path.join(h.home, 'team.json'), 'utf8'));
    expect((await h.run(['export', '--robot', 'Nope', '-'])).code).toBe(2);
  });

  test('import --dry-run prints the plan and changes nothing; import adds, marked "token needed"', async () => {
    const team = path.join(h.home, 'team.json');
    const dry = await h.run(['import', team, '--dry-run'], inOther());
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      `Import from ${team}:\n  add      Invoice sync (${h.sandbox.baseUrl}): token needed; presets: add "Daily"`,
    );
    expect(dry.stdout).toContain('Dry run: nothing was changed.');
    expect(await bytes(other)).toBe(EMPTY_CATALOG);

    const applied = await h.run(['import', team], inOther());
    expect(applied).toMatchObject({ code: 0, stderr: '' });
    expect(applied.stdout).toContain('Imported: 1 added, 0 replaced, 0 skipped.');
    expect(applied.stdout).toContain("robot-tray token set 'Invoice sync'");
    const table = await h.run(['robot', 'list'], inOther());
    expect(table.stdout).toMatch(/Invoice sync\s+http:\/\/127\.0\.0\.1:\d+\s+needed\s+1/);
    expect((await h.run(['token', 'status', 'Invoice sync'], inOther())).stdout).toContain(
      'has no token (token needed)',
    );
    const robots = await h.json<RobotView[]>(['robot', 'list'], inOther());
    expect(robots).toEqual([expect.objectContaining({ name: 'Invoice sync', hasToken: false })]);
  });

  test('a robot already there is refused with exit 2 and how to go on; --skip-existing and --replace say what to do', async () => {
    const team = path.join(h.home, 'team.json');
    const before = await bytes(other);
    const refused = await h.run(['import', team], inOther());
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'Robots named "Invoice sync" already exist here, so nothing was imported.',
    );
    expect(refused.stderr).toContain('--replace or --skip-existing');
    const dry = await h.run(['import', team, '--dry-run'], inOther());
    expect(dry.code).toBe(2);
    expect(dry.stdout).toContain('conflict Invoice sync');
    expect(await bytes(other)).toEqual(before);

    const skipped = await h.json<ImportPlan>(['import', team, '--skip-existing'], inOther());
    expect(skipped.robots.map((s) => s.action)).toEqual(['skip']);
    const replaced = await h.json<ImportPlan>(['import', team, '--replace'], inOther());
    expect(replaced.robots.map((s) => [s.action, s.token])).toEqual([['replace', 'needed']]);
    expect((await h.run(['import', team, '--replace', '--skip-existing'], inOther())).code).toBe(2);
  });

  test('a file allowing plain http to another machine: the plan says where the token would travel unencrypted', async () => {
    const plain = path.join(h.home, 'plain.json');
    const robot = { name: 'Plain desk', baseUrl: 'http://robots.corp:8080', allowInsecureHttp: true };
    await writeFile(
      plain,
      JSON.stringify({ format: 'robot-tray-export', version: 1, exportedAt: 0, robots: [robot] }),
    );
    const dry = await h.run(['import', plain, '--dry-run'], inOther());
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      "the file allows plain http: its token would travel unencrypted to robots.corp:8080 (after importing, robot edit 'Plain desk' --no-allow-insecure-http turns that off)",
    );
    const plan = await h.json<ImportPlan>(['import', plain, '--dry-run'], inOther());
    expect(plan.robots[0]!.plainHttpTo).toBe('robots.corp:8080');
  });

  test('importing robots that need tokens names the command for each of them', async () => {
    const two = path.join(h.home, 'two.json');
    const robots = ['North desk', 'South desk'].map((name) => ({ name, baseUrl: 'https://robots.example' }));
    await writeFile(two, JSON.stringify({ format: 'robot-tray-export', version: 1, exportedAt: 0, robots }));
    const fresh = await mkdtemp(path.join(tmpdir(), 'robot-tray-import-two-'));
    try {
      const applied = await h.run(['import', two], { env: { ROBOT_TRAY_HOME: fresh } });
      expect(applied.code).toBe(0);
      expect(applied.stdout).toContain(
        'Set a token for each robot marked "token needed":\n' +
          "  robot-tray token set 'North desk'\n  robot-tray token set 'South desk'\n",
      );
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });

  test('a file from a newer Robot Tray or not an export is refused naming the file', async () => {
    const future = path.join(h.home, 'future.json');
    await writeFile(future, JSON.stringify({ format: 'robot-tray-export', version: 2, robots: [] }));
    const newer = await h.run(['import', future], inOther());
    expect(newer.code).toBe(2);
    expect(newer.stderr).toBe(
      `robot-tray: File "${future}" was made by a newer Robot Tray (version 2); this one reads version 1: update Robot Tray.\n`,
    );
    const pkg = path.join(h.home, 'package.json');
    await writeFile(pkg, JSON.stringify({ name: 'not-robots', version: '1.0.0' }));
    const foreign = await h.run(['import', pkg], inOther());
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toContain(`File "${pkg}" is not a Robot Tray export`);
  });

  test("team follow shows the catalog's robots beside one's own; a team robot takes a token and fires; doctor reports a broken file", async () => {
    const { token } = h.sandbox.addRobot({ name: 'Team robot', flow: [{ type: 'respond', echo: true }] });
    h.secrets.add(token);
    const catalog = path.join(h.home, 'shared', 'catalog.json');
    await mkdir(path.dirname(catalog));
    await writeFile(
      catalog,
      catalogText([
        { name: 'Team robot', baseUrl: h.sandbox.baseUrl, presets: [{ name: 'Echo', args: { n: 1 } }] },
      ]),
    );
    const followed = await h.run(['team', 'follow', catalog]);
    expect(followed).toMatchObject({ code: 0, stderr: '' });
    expect(followed.stdout).toMatch(/^Team catalog .*catalog\.json: 1 robot, 1 preset, read /);
    expect(followed.stdout).toContain("robot-tray token set 'Team robot'");

    const table = await h.run(['robot', 'list']);
    expect(table.stdout).toMatch(
      /Invoice sync\s+http:\/\/127\.0\.0\.1:\d+\s+stored\s+1\n\nTeam catalog .*catalog\.json \(read-only\):\nNAME.*\nTeam robot\s+http:\/\/127\.0\.0\.1:\d+\s+needed\s+1/,
    );
    // Team presets are listed with their robot's name, after one's own.
    expect((await h.run(['preset', 'list'])).stdout).toMatch(/\nTeam robot\s+Echo\s+POST/);
    expect((await h.run(['preset', 'list', 'Team robot'])).stdout).toMatch(
      /^ROBOT.*\nTeam robot\s+Echo\s+POST/,
    );
    expect((await h.run(['token', 'set', 'team robot'], { input: token + '\n' })).code).toBe(0);
    expect((await h.run(['token', 'status', 'Team robot'])).stdout).toContain('has a token');
    const fired = await h.run(['fire', 'Team robot', '--preset', 'Echo', '--wait']);
    expect(fired.code).toBe(0);
    expect((await h.run(['robot', 'edit', 'Team robot', '--notes', 'x'])).stderr).toContain(
      'belongs to the team catalog, which Robot Tray only reads. Change it in the catalog file, or copy it to your own robots (Copy to my robots in the app, robot-tray team copy in the CLI).',
    );

    await writeFile(catalog, '{"format": "robot-tray-export", "vers');
    const doctor = await h.run(['doctor']);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toMatch(
      /Team catalog\s+.*catalog\.json: 1 robot, 1 preset, read .*\. Problem: The team catalog .* is not valid JSON/,
    );
    expect((await h.run(['team', 'status'])).code).toBe(1);
    expect((await h.run(['robot', 'list'])).stdout).toMatch(/Team robot[\s\S]*Problem: The team catalog/);
    expect((await h.run(['token', 'clear', 'Team robot'])).code).toBe(0);
    const copied = await h.run(['team', 'copy', 'team robot']);
    expect(copied.stdout).toBe(
      'Copied "Team robot" and its presets to your robots. The team robot has no token on this desk, so the copy has none. Set its token with: robot-tray token set \'Team robot\'\n',
    );
    expect((await h.run(['team', 'copy', 'Team robot'])).stderr).toContain(
      'You already have a robot named "Team robot"',
    );
    // Its token was cleared above: nothing is left in the keychain to remove.
    expect((await h.run(['team', 'stop'])).stdout).toBe(
      `Stopped following the team catalog ${catalog}. No team robot had a token in the system keychain.\n`,
    );
    expect((await h.run(['team', 'status'])).stdout).toBe(
      'Team catalog none followed (robot-tray team follow FILE)\n',
    );
  });
});
