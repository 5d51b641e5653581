import { existsSync } from 'node:fs';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
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

/** JSON given with --args and --fields: a BOM is read past; a mistake is one line naming its source and the fix. */
describe('robot-tray --args and --fields JSON', () => {
  let h: CliHarness;
  let dir: string;
  beforeAll(async () => {
    h = await CliHarness.open();
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-args-'));
    await h.addRobot({ name: 'Echo', flow: echo });
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The command's error: exactly one line, and nothing sent. */
  async function refused(args: string[], input?: string): Promise<string> {
    const before = h.sandbox.requests().length;
    const result = await h.run(args, { input });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^robot-tray: [^\n]+\n$/);
    expect(h.sandbox.requests().length).toBe(before);
    return result.stderr;
  }

  test('a JSON file saved with a byte order mark (Notepad, Excel) is read as its JSON', async () => {
    const file = path.join(dir, 'bom.json');
    await writeFile(file, '\uFEFF{"customer":"C-17"}\r\n');
    const result = await h.run(['fire', 'Echo', '--args', `@${file}`, '--wait', '--json']);
    expect(result.code).toBe(0);
    const call = JSON.parse(result.stdout) as Call;
    expect(call.args).toEqual({ customer: 'C-17' });
    expect(call.response).toEqual({ customer: 'C-17' });
  });

  test('malformed JSON names where it came from, on one line, however many lines it had', async () => {
    expect(await refused(['fire', 'Echo', '--args', '{bad'])).toMatch(
      /^robot-tray: --args: not valid JSON \(.+\)\. Give an object such as '\{"customer":"C-17"\}'\.\n$/,
    );
    const file = path.join(dir, 'broken.json');
    await writeFile(file, '{\n  "a": 1,\n  "b": x\n}\n');
    expect(await refused(['fire', 'Echo', '--args', `@${file}`])).toContain(
      `robot-tray: --args @${file}: not valid JSON (`,
    );
    expect(await refused(['fire', 'Echo', '--args', '-'], '{\n "b": x\n}')).toContain(
      'robot-tray: --args -: not valid JSON (',
    );
    const blank = path.join(dir, 'blank.json');
    await writeFile(blank, '\n  \n');
    expect(await refused(['fire', 'Echo', '--args', `@${blank}`])).toBe(
      `robot-tray: --args @${blank}: there is no JSON, only blanks. Give an object such as '{"customer":"C-17"}'.\n`,
    );
  });

  test('a file name given without its @ is read as JSON, and the error says to add the @', async () => {
    expect(await refused(['fire', 'Echo', '--args', 'order.json'])).toContain(
      'To read it from the file order.json, write --args @order.json.',
    );
    expect(await refused(['preset', 'add', 'Echo', '--name', 'F', '--fields', 'fields.json'])).toContain(
      'robot-tray: --fields: not valid JSON (',
    );
  });

  test('a missing file, a folder and a huge file are named with the option they came with', async () => {
    const missing = path.join(dir, 'nope.json');
    expect(await refused(['preset', 'add', 'Echo', '--name', 'F', '--fields', `@${missing}`])).toBe(
      `robot-tray: --fields @${missing}: the file does not exist. Check the path.\n`,
    );
    expect(await refused(['fire', 'Echo', '--args', `@${dir}`])).toContain(
      `--args @${dir}: the file is a folder, not a file. Check the path.`,
    );
    // Sparse: 65 MiB on paper, nothing on disk.
    const huge = path.join(dir, 'huge.json');
    await writeFile(huge, '');
    await truncate(huge, 65 * 1024 * 1024);
    expect(await refused(['fire', 'Echo', '--args', `@${huge}`])).toBe(
      `robot-tray: --args @${huge}: more than 64 MiB; send less.\n`,
    );
  });
});
