import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import { CliHarness } from '../support/cliHarness.ts';
import { deepArgsJson, deepWords } from '../support/deepArgs.ts';
import { json, startScriptedService } from '../support/scriptedService.ts';

const TOKEN = 'limits-cli-token-0123456789';

/**
 * Issue 20 §3 through the real bin: deep arguments refused by every way the
 * CLI takes them, in the core's words; a damaged presets.json never stops a
 * command; numbers past a double's range shown as the robot sent them.
 */
describe('robot-tray and the limits on arguments', () => {
  let h: CliHarness;
  let dir: string;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    dir = h.home;
  });
  afterAll(async () => {
    await h?.close();
  });

  const refused = (levels: number) =>
    `robot-tray: --args: ${deepWords(levels)} Send flatter, fewer or smaller arguments (a file or id the robot can fetch, say).\n`;

  test('1,300 levels by --args, --arg and --args @FILE, for fire, curl and preset add: refused, nothing sent', async () => {
    const before = h.sandbox.requests().length;
    const deep = deepArgsJson(1_300);
    const file = path.join(dir, 'deep-1300.json');
    await writeFile(file, deep);
    for (const args of [
      ['fire', 'Echo', '--args', deep],
      ['fire', 'Echo', '--arg', `o:=${deep}`],
      ['fire', 'Echo', '--args', `@${file}`],
      ['curl', 'Echo', '--args', deep],
      ['preset', 'add', 'Echo', '--name', 'Deep', '--args', `@${file}`],
    ]) {
      const result = await h.run(args);
      expect(result.code, args.join(' ').slice(0, 40)).toBe(2);
      // --arg o=… nests one level more than the JSON given.
      expect(result.stderr).toBe(refused(args[2] === '--arg' ? 1_301 : 1_300));
    }
    expect(h.sandbox.requests().length).toBe(before);
    expect((await h.run(['preset', 'list', 'Echo'])).stdout).not.toContain('Deep');
  });

  test('100,000 levels from a file and from stdin: refused the same way', async () => {
    const file = path.join(dir, 'deep-100000.json');
    await writeFile(file, deepArgsJson(100_000));
    const fromFile = await h.run(['fire', 'Echo', '--args', `@${file}`]);
    expect(fromFile.code).toBe(2);
    expect(fromFile.stderr).toBe(refused(100_000));
    const fromStdin = await h.run(['preset', 'add', 'Echo', '--name', 'Deep', '--args', '-'], {
      input: deepArgsJson(100_000),
    });
    expect(fromStdin.code).toBe(2);
    expect(fromStdin.stderr).toBe(refused(100_000));
  });

  test('a presets.json holding a preset 100,000 levels deep: every command still works, the preset is set aside and named', async () => {
    const core = await h.core();
    const robot = await core.getRobot('Echo');
    await core.createPreset({ robotId: robot.id, name: 'Kept', args: { n: 1 } });
    const deep = await core.createPreset({ robotId: robot.id, name: 'Deep one', args: {} });
    const file = path.join(h.home, 'presets.json');
    const text = (await readFile(file, 'utf8')).replace(
      new RegExp(`("id": "${deep.id}"[^}]*?"args": )\\{\\}`),
      (_m, head: string) => head + deepArgsJson(100_000),
    );
    await writeFile(file, text);

    const list = await h.run(['preset', 'list', 'Echo']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('Kept');
    expect(list.stdout).not.toContain('Deep one');
    const fired = await h.run(['fire', 'Echo', '--preset', 'Kept', '--wait']);
    expect(fired.code).toBe(0);
    const warnings = await h.run(['warnings']);
    expect(warnings.code).toBe(0);
    expect(warnings.stdout.replace(/\s+/g, ' ')).toContain(
      `(id ${deep.id}): args: nests 100,000 levels deep`,
    );
  });
});

describe('robot-tray shows numbers past a double’s range as the robot sent them', () => {
  let h: CliHarness;
  let close: () => Promise<void>;
  const response = '{"big":2e308,"negative":-1e400,"tiny":1e-400,"list":[1,2E+308],"ok":"yes"}';
  beforeAll(async () => {
    h = await CliHarness.open();
    h.secrets.add(TOKEN);
    const svc = await startScriptedService((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'w-range' })
        : res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(`{"status":"DONE","response":${response}}`),
    );
    close = svc.close;
    const core = await h.core();
    const robot = await core.createRobot({
      name: 'Range',
      baseUrl: svc.url,
      pollPolicy: { firstDelayMs: 100, factor: 1, maxDelayMs: 100 },
    });
    await core.setToken(robot.id, TOKEN);
  });
  afterAll(async () => {
    await close?.();
    await h?.close();
  });

  test('2e308, -1e400 and 1e-400 in a DONE response: kept exactly, no warning, by fire --wait, status and the window', async () => {
    const fired = await h.run(['fire', 'Range', '--wait']);
    expect(fired.code).toBe(0);
    const shown = JSON.stringify(
      JSON.parse(response.replace(/(-?\d[\d.eE+-]*)(?=[,}\]])/g, '"$1"')),
      null,
      2,
    ).replace(/"(-?\d[\d.eE+-]*)"/g, '$1');
    expect(fired.stdout).toBe(shown + '\n');
    expect(fired.stderr).not.toMatch(/nest|deep/i);
    const [call] = await h.json<Call[]>(['calls', '--robot', 'Range']);
    expect(call!.state).toBe('done');
    expect(call!.warning).toBeNull();
    const status = await h.run(['status', call!.id]);
    expect(status.stdout).toContain('"big": 2e308');
    expect(status.stdout).toContain('"negative": -1e400');
    expect(status.stdout).toContain('"tiny": 1e-400');
    expect(status.stdout).not.toMatch(/nest|deep/i);
    // What the window is handed: the exact text.
    const core = await h.core();
    expect(core.callDetail(call!.id).responseJson).toBe(response);
    expect(core.getCall(call!.id).response).toMatchObject({
      big: Number.MAX_VALUE,
      negative: -Number.MAX_VALUE,
    });
  });
});

describe('robot-tray --proxy never prints a password', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
  });
  afterAll(async () => {
    await h?.close();
  });

  test.each([
    ['a space', 'http://alice:Hunter-77x@proxy corp:3128', 'http://proxy corp:3128'],
    ['a bad port', 'http://alice:Hunter-77x@proxy.corp:99999', 'http://proxy.corp:99999'],
    ['an unknown scheme', 'ftp://alice:Hunter-77x@proxy.corp:2121', 'ftp://proxy.corp:2121'],
  ])(
    '%s: exit 2, the address shown without its credentials, before or after the command',
    async (_what, url, shown) => {
      h.secrets.add('Hunter-77x');
      for (const args of [
        ['--proxy', url, 'fire', 'Echo'],
        ['fire', 'Echo', `--proxy=${url}`],
      ]) {
        const result = await h.run(args);
        expect(result.code).toBe(2);
        expect(result.stderr).toMatch(new RegExp(`^robot-tray: --proxy ${shown.replace(/[.]/g, '\\.')}: `));
        expect(result.stderr + result.stdout).not.toContain('Hunter');
        expect(result.stderr + result.stdout).not.toContain('alice');
      }
      expect(h.sandbox.requests()).toHaveLength(0);
    },
  );
});
