import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RobotView } from '../../src/shared/models/robot.ts';
import type { Warning } from '../../src/shared/models/warning.ts';
import { CliHarness } from '../support/cliHarness.ts';
import { databaseIn, storedRecord, writeRawRecord } from '../support/databaseFile.ts';

const echo = [{ type: 'respond' as const, echo: true }];

/** A damaged record or a damaged database, as a user meets it through the CLI. */
describe('robot-tray with damaged data', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Alpha', flow: echo });
    await h.addRobot({ name: 'Beta', flow: echo });
    await h.addRobot({ name: 'Gamma', flow: echo });
  });
  afterAll(() => h?.close());

  test('one robot with a bad field: the others are kept, every command says so until dismissed', async () => {
    const core = await h.core();
    const beta = await core.getRobot('Beta');
    await h.closeCore();
    writeRawRecord(
      h.home,
      'robots',
      beta.id,
      JSON.stringify({ ...(await storedRecord(h.home, 'robots', beta.id)), baseUrl: 42 }),
    );

    const listed = await h.run(['robot', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Alpha');
    expect(listed.stdout).toContain('Gamma');
    expect(listed.stdout).not.toContain('Beta');
    const lines = listed.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^robot-tray: warning: A robot \\(id ${beta.id}\\) in Robot Tray's database could not be read \\(baseUrl: .*expected string, received number\\) and was set aside; the others are as they were\\. \\(dismiss with: robot-tray warnings dismiss [0-9a-f]{8}\\)$`,
      ),
    );

    // The next command says it again; adding a robot keeps the kept ones and their tokens.
    const added = await h.run(['robot', 'add', '--name', 'Delta', '--base-url', h.sandbox.baseUrl]);
    expect(added.stderr).toContain(`A robot (id ${beta.id})`);
    const robots = await h.run(['robot', 'list', '--json']);
    const names = (JSON.parse(robots.stdout) as RobotView[]).map((r) => [r.name, r.hasToken]);
    expect(names).toEqual([
      ['Alpha', true],
      ['Gamma', true],
      ['Delta', false],
    ]);

    const warnings = await h.json<Warning[]>(['warnings']);
    expect(warnings).toHaveLength(1);
    const dismissed = await h.run(['warnings', 'dismiss', warnings[0]!.id]);
    expect(dismissed).toMatchObject({ code: 0, stdout: 'Dismissed 1 warning.\n' });
    const quiet = await h.run(['robot', 'list']);
    expect(quiet.stderr).toBe('');
  });

  test('a preset whose arguments hold a "__proto__" key is set aside alone; the others stay', async () => {
    await h.run(['preset', 'add', 'Alpha', '--name', 'Keep me', '--arg', 'a:=1']);
    await h.run(['preset', 'add', 'Alpha', '--name', 'Hostile', '--arg', 'b:=2']);
    const core = await h.core();
    const hostile = (await core.listPresets()).find((p) => p.name === 'Hostile')!;
    await h.closeCore();
    const record = JSON.stringify(await storedRecord(h.home, 'presets', hostile.id));
    writeRawRecord(h.home, 'presets', hostile.id, record.replace('"b":2', '"__proto__":{"polluted":true}'));
    const listed = await h.run(['preset', 'list', 'Alpha']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Keep me');
    expect(listed.stdout).not.toContain('Hostile');
    expect(listed.stderr).toMatch(
      new RegExp(`A preset \\(id ${hostile.id}\\) .*could not be read .*__proto__`),
    );
    expect((await h.run(['warnings', 'dismiss', '--all'])).code).toBe(0);
  });

  test('a database that is not one is set aside, never overwritten; the robots come back from the backup; an unknown warning id exits 2', async () => {
    await h.closeCore();
    await writeFile(databaseIn(h.home), 'not a database\n'.repeat(500));
    const listed = await h.run(['robot', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Alpha');
    const aside = /It was moved to (\S+) and a new one was started/.exec(listed.stderr)?.[1];
    expect(aside).toMatch(/robot-tray\.sqlite\.corrupt-/);
    expect(await readFile(aside!, 'utf8')).toBe('not a database\n'.repeat(500));
    expect(listed.stderr).toMatch(/came back from the catalog backup /);
    const unknown = await h.run(['warnings', 'dismiss', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Warning "nope"/);
    expect((await h.run(['warnings', 'dismiss', '--all'])).code).toBe(0);
  });
});
