import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import { CliHarness, ROOT } from '../support/cliHarness.ts';

const echo = [{ type: 'respond' as const, echo: true }];

/** What daily users tripped over: where output goes, which flag an error names, renamed and removed robots. */
describe('robot-tray small daily fixes', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: echo });
  });
  afterAll(() => h?.close());

  async function done(robot: string, ...args: string[]): Promise<Call> {
    const result = await h.run(['fire', robot, ...args, '--wait', '--json']);
    expect(result.code).toBe(0);
    return JSON.parse(result.stdout) as Call;
  }

  test('status --output - writes the response alone to stdout, and no file named "-"', async () => {
    const call = await done('Echo', '--arg', 'customer=C-17');
    const result = await h.run(['status', call.id, '--output', '-']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual({ customer: 'C-17' });
    expect(existsSync(path.join(ROOT, '-'))).toBe(false);
    const both = await h.run(['status', call.id, '--output', '-', '--json']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--output - and --json both write to stdout');
  });

  test('a refused argument is reported under the option it was given with', async () => {
    const viaArg = await h.run(['preset', 'add', 'Echo', '--name', 'Nested', '--get', '--arg', 'o:={"a":1}']);
    expect(viaArg.code).toBe(2);
    expect(viaArg.stderr).toMatch(/^robot-tray: --arg: Argument "o" is a nested object/);
    const viaArgs = await h.run([
      'preset',
      'add',
      'Echo',
      '--name',
      'Nested',
      '--get',
      '--args',
      '{"o":{"a":1}}',
    ]);
    expect(viaArgs.stderr).toMatch(/^robot-tray: --args: Argument "o" is a nested object/);
  });

  test('--token-env names the variable that is not set (a token-like word is still not repeated)', async () => {
    const unset = await h.run(['fire', 'Echo', '--token-env', 'NOPE'], { env: { NOPE: undefined } });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain('--token-env: the variable NOPE is not set, or is empty.');
    const tokenLike = 'Q7XK2M9RTB4WZP8YHN3CJ6VD5FGL1SAE';
    const pasted = await h.run(['fire', 'Echo', '--token-env', tokenLike]);
    expect(pasted.stderr).toContain('--token-env: the variable it names is not set');
    expect(pasted.stderr).not.toContain(tokenLike);
  });

  test("a renamed robot's old calls are listed under its name today; status keeps the old one too", async () => {
    await h.addRobot({ name: 'Old name', flow: echo });
    const call = await done('Old name', '--arg', 'n:=1');
    const renamed = await h.run(['robot', 'edit', 'Old name', '--name', 'New name']);
    expect(renamed.code).toBe(0);
    const list = await h.run(['calls', '--robot', 'New name']);
    expect(list.stdout).toMatch(new RegExp(`^${call.id} +New name `, 'm'));
    expect(list.stdout).not.toContain('Old name');
    const shown = await h.run(['status', call.id]);
    expect(shown.stdout).toMatch(/^robot +New name \(named "Old name" when this call was made\)$/m);
  });

  test('calls --robot of a removed robot lists its history; a name never seen is not found', async () => {
    await h.addRobot({ name: 'Retired', flow: echo });
    const call = await done('Retired', '--arg', 'n:=2');
    expect((await h.run(['robot', 'remove', 'Retired'])).code).toBe(0);
    const calls = await h.json<Call[]>(['calls', '--robot', 'retired']);
    expect(calls.map((c) => c.id)).toEqual([call.id]);
    const table = await h.run(['calls', '--robot', 'Retired']);
    expect(table.stdout).toMatch(new RegExp(`^${call.id} +Retired `, 'm'));
    const never = await h.run(['calls', '--robot', 'Never existed']);
    expect(never.code).toBe(2);
    expect(never.stderr).toContain('no call in the history was made by a robot of that name');
  });
});
