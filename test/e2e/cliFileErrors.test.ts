import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import { CliHarness } from '../support/cliHarness.ts';

const echo = [{ type: 'respond' as const, echo: true }];

/** Files named on the command line that cannot be written: one line saying why and how to fix it. */
describe('robot-tray files it cannot write', () => {
  let h: CliHarness;
  let dir: string;
  beforeAll(async () => {
    h = await CliHarness.open();
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-files-'));
    await h.addRobot({ name: 'Echo', flow: echo });
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('export into a folder that does not exist exits 2, naming the folder to create', async () => {
    const missing = path.join(dir, 'no-such-folder');
    const result = await h.run(['export', path.join(missing, 'team.json')]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `robot-tray: ${path.join(missing, 'team.json')} cannot be written: the folder ${missing} does not exist. ` +
        'Create it first, or choose another folder.\n',
    );
    expect(existsSync(missing)).toBe(false);
    const intoFolder = await h.run(['export', dir]);
    expect(intoFolder.code).toBe(2);
    expect(intoFolder.stderr).toContain(`${dir} is a folder. Give the name of a file to write`);
  });

  test('fire --wait --output into a missing folder is refused before the robot is fired', async () => {
    const before = await h.json<Call[]>(['calls']);
    const out = path.join(dir, 'missing', 'response.json');
    const result = await h.run(['fire', 'Echo', '--arg', 'n:=1', '--wait', '--output', out]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `robot-tray: --output ${out} cannot be written: the folder ${path.dirname(out)} does not exist. ` +
        'Create it first, or choose another folder. Nothing was sent.\n',
    );
    expect(await h.json<Call[]>(['calls'])).toEqual(before);
  });
});
