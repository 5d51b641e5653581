import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RobotView } from '../../src/shared/models/robot.ts';
import type { Warning } from '../../src/shared/models/warning.ts';
import { CliHarness } from '../support/cliHarness.ts';

const echo = [{ type: 'respond' as const, echo: true }];

/** A damaged robots.json or presets.json, as a user meets it through the CLI. */
describe('robot-tray with a damaged data file', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Alpha', flow: echo });
    await h.addRobot({ name: 'Beta', flow: echo });
    await h.addRobot({ name: 'Gamma', flow: echo });
  });
  afterAll(() => h?.close());

  test('one robot with a bad field: the others are kept, every command says so until dismissed', async () => {
    const file = path.join(h.home, 'robots.json');
    const envelope = JSON.parse(await readFile(file, 'utf8')) as { data: Array<Record<string, unknown>> };
    const beta = envelope.data.find((r) => r.name === 'Beta')!;
    beta.baseUrl = 42;
    await writeFile(file, JSON.stringify(envelope));

    const listed = await h.run(['robot', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Alpha');
    expect(listed.stdout).toContain('Gamma');
    expect(listed.stdout).not.toContain('Beta');
    const line = listed.stderr.trim().split('\n');
    expect(line).toHaveLength(1);
    expect(line[0]).toMatch(
      new RegExp(
        `^robot-tray: warning: robots\\.json: 1 of 3 robots could not be read and were set aside \\(robot 2 \\(id ${String(beta.id)}\\): baseUrl: expected string, received number\\)\\. The other 2 were kept\\. The original file is at .*robots\\.json\\.damaged-[0-9a-f]{8};`,
      ),
    );
    const aside = (await readdir(h.home)).find((n) => n.startsWith('robots.json.damaged-'))!;
    expect(JSON.parse(await readFile(path.join(h.home, aside), 'utf8'))).toEqual(envelope);

    // The next command says it again; adding a robot keeps the kept ones and their tokens.
    const added = await h.run(['robot', 'add', '--name', 'Delta', '--base-url', h.sandbox.baseUrl]);
    expect(added.stderr).toContain('robots.json: 1 of 3 robots could not be read');
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
    const file = path.join(h.home, 'presets.json');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('"b": 2', '"__proto__": { "polluted": true }'));
    const listed = await h.run(['preset', 'list', 'Alpha']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Keep me');
    expect(listed.stdout).not.toContain('Hostile');
    expect(listed.stderr).toMatch(/presets\.json: 1 of 2 presets could not be read .*__proto__/);
    expect((await h.run(['warnings', 'dismiss', '--all'])).code).toBe(0);
  });

  test('a truncated presets.json is set aside whole and said so; an unknown warning id exits 2', async () => {
    await writeFile(path.join(h.home, 'presets.json'), '{"schemaVersion":1,"data":[{"id":"p1","na');
    const listed = await h.run(['preset', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stderr).toMatch(
      /^robot-tray: warning: presets\.json could not be used: it is not valid JSON/,
    );
    const unknown = await h.run(['warnings', 'dismiss', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Warning "nope"/);
    expect((await h.run(['warnings', 'dismiss', '--all'])).code).toBe(0);
  });
});
