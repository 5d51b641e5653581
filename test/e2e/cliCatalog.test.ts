import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Preset } from '../../src/shared/models/preset.ts';
import type { RobotView } from '../../src/shared/models/robot.ts';
import { CliHarness } from '../support/cliHarness.ts';

/** Robots, tokens and presets through the real `robot-tray` bin, against the real keychain. */
describe('robot-tray robot, token and preset', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
  });
  afterAll(() => h?.close());

  test('robot add with --token-stdin, list and token status, as text and as JSON', async () => {
    const { token } = h.sandbox.addRobot({ name: 'Invoice sync', flow: [{ type: 'respond', echo: true }] });
    h.secrets.add(token);
    const added = await h.run(
      ['robot', 'add', '--name', 'Invoice sync', '--base-url', h.sandbox.baseUrl + '/', '--token-stdin'],
      { input: `  ${token}\n` },
    );
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toMatch(/^Added robot "Invoice sync" at http:\/\/127\.0\.0\.1:\d+, with its token/);

    const robots = await h.json<RobotView[]>(['robot', 'list']);
    expect(robots).toEqual([
      expect.objectContaining({
        id: expect.any(String),
        name: 'Invoice sync',
        baseUrl: h.sandbox.baseUrl,
        hasToken: true,
        tokenUpdatedAt: expect.any(Number),
        allowInsecureHttp: false,
        notes: '',
      }),
    ]);
    const table = await h.run(['robot', 'list']);
    expect(table.stdout.split('\n')[0]).toMatch(/^NAME\s+BASE URL\s+TOKEN\s+PRESETS$/);
    expect(table.stdout).toMatch(/Invoice sync\s+http:\/\/127\.0\.0\.1:\d+\s+stored\s+0/);

    expect(await h.json(['token', 'status', 'invoice SYNC'])).toEqual({
      robot: 'Invoice sync',
      robotId: robots[0]!.id,
      hasToken: true,
      updatedAt: expect.any(Number),
      suspended: null,
    });
    // The token works: the core reads it from the keychain and the sandbox accepts it.
    const core = await h.core();
    expect((await core.fire(robots[0]!.id, { method: 'POST', args: {} })).state).toBe('waiting');
  });

  test('token set reads stdin only, clear removes it, status tells', async () => {
    const { token } = h.sandbox.addRobot({ name: 'Tokenless', flow: [] });
    h.secrets.add(token);
    const added = await h.run(['robot', 'add', '--name', 'Tokenless', '--base-url', h.sandbox.baseUrl]);
    expect(added.stdout).toContain('no token yet: robot-tray token set Tokenless');
    expect((await h.run(['token', 'status', 'Tokenless'])).stdout).toContain('has no token');

    const set = await h.run(['token', 'set', 'Tokenless'], { input: token });
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toBe(
      `Stored the token of robot "Tokenless" in the system keychain, for ${h.sandbox.baseUrl} only.\n`,
    );
    expect((await h.run(['token', 'status', 'Tokenless'])).stdout).toMatch(/has a token .*\(stored \d{4}-/);

    expect(await h.json(['token', 'clear', 'Tokenless'])).toMatchObject({ hasToken: false, updatedAt: null });
    expect((await h.run(['token', 'clear', 'Tokenless'])).stdout).toBe(
      'Robot "Tokenless" had no token in the system keychain; nothing was deleted.\n',
    );
    expect(await h.json(['token', 'status', 'Tokenless'])).toMatchObject({ hasToken: false });
    const fire = await h.run(['fire', 'Tokenless']);
    expect(fire).toMatchObject({ code: 2, stdout: '' });
    expect(fire.stderr).toMatch(
      /^robot-tray: Robot "Tokenless" has no token yet\. Generate one in the robot's Designer: .*, then set it with: robot-tray token set Tokenless\n$/,
    );
  });

  test('an empty or several-line token is refused with exit 2, and robot add leaves no robot behind', async () => {
    const empty = await h.run(['token', 'set', 'Tokenless'], { input: ' \n' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^robot-tray: The token read from stdin is empty\. Pipe it in/);

    const twoLines = await h.run(
      ['robot', 'add', '--name', 'Broken', '--base-url', h.sandbox.baseUrl, '--token-stdin'],
      { input: 'first-line-secret\nsecond-line-secret\n' },
    );
    expect(twoLines.code).toBe(2);
    expect(twoLines.stderr).toMatch(/^robot-tray: token: must be (a single|one) line\b[^\n]*\n$/);
    const names = (await h.json<RobotView[]>(['robot', 'list'])).map((r) => r.name);
    expect(names).not.toContain('Broken');
  });

  test('robot add and edit take a pasted trigger or query URL back to its base; a doubled path is refused (exit 2)', async () => {
    const added = await h.json<RobotView>([
      'robot',
      'add',
      '--name',
      'Pasted',
      '--base-url',
      'https://robots.example.com/main/public/webhook/request?customer=C-17',
    ]);
    expect(added.baseUrl).toBe('https://robots.example.com');
    const edited = await h.json<RobotView>([
      'robot',
      'edit',
      'Pasted',
      '--base-url',
      'https://other.example.com/tenant/prod/1/customer/robot/webhookResponse/wh-1',
    ]);
    expect(edited.baseUrl).toBe('https://other.example.com/tenant');
    const doubled = await h.run([
      'robot',
      'add',
      '--name',
      'Doubled',
      '--base-url',
      'https://robots.example.com/main/public/webhook/request/main/public/webhook/request',
    ]);
    expect(doubled.code).toBe(2);
    expect(doubled.stderr).toMatch(
      /^robot-tray: --base-url: already holds the service path \/main\/public\/webhook\/request.*use the base https:\/\/robots\.example\.com instead\n$/,
    );
    await h.run(['robot', 'remove', 'Pasted']);
  });

  test('robot add refuses a bad URL and a duplicate name, naming the field (exit 2)', async () => {
    const badUrl = await h.run(['robot', 'add', '--name', 'X', '--base-url', 'robots.example.com']);
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toBe(
      'robot-tray: --base-url: must be a full URL such as https://robots.example.com\n',
    );
    const plain = await h.run(['robot', 'add', '--name', 'Far', '--base-url', 'http://robots.example.com']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toBe(
      'robot-tray: --base-url: uses plain http to robots.example.com, which would send its token unencrypted. ' +
        'Use an https:// base URL, or allow insecure http for this robot (--allow-insecure-http) if you accept the risk.\n',
    );
    const insecure = ['robot', 'add', '--name', 'Far', '--base-url', 'http://robots.example.com'];
    const unconfirmed = await h.run([...insecure, '--allow-insecure-http']);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toBe(
      'robot-tray: Nothing was changed: this would allow plain http to robots.example.com, where the token and arguments travel unencrypted. ' +
        'That changes where tokens or the proxy password travel; if you mean it, run the command again with --confirm-trust.\n',
    );
    const allowed = await h.run([...insecure, '--allow-insecure-http', '--confirm-trust']);
    expect(allowed.code).toBe(0);
    const duplicate = await h.run(['robot', 'add', '--name', 'far', '--base-url', 'https://x.example']);
    expect(duplicate.code).toBe(2);
    expect(duplicate.stderr).toContain('a robot named "far" already exists; choose another name.');
    const missing = await h.run(['robot', 'add', '--name', 'Y']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      "robot-tray: required option '--base-url <URL>' not specified. See: robot-tray robot add --help\n",
    );
  });

  test('robot add takes the name as its argument too, as robot edit NAME does; twice or not at all is refused (exit 2)', async () => {
    const added = await h.run(['robot', 'add', 'Ledger', '--base-url', h.sandbox.baseUrl]);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('Added robot "Ledger"');
    const same = await h.run(['robot', 'add', 'Books', '--name', 'Books', '--base-url', h.sandbox.baseUrl]);
    expect(same.code).toBe(0);
    const twice = await h.run(['robot', 'add', 'One', '--name', 'Two', '--base-url', h.sandbox.baseUrl]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('the name is given twice, as "One" and as --name "Two"');
    const none = await h.run(['robot', 'add', '--base-url', h.sandbox.baseUrl]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(
      'robot add: give the robot a name, e.g. robot-tray robot add "Invoice sync"',
    );
    const names = (await h.json<Array<{ name: string }>>(['robot', 'list', '--json'])).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Ledger', 'Books']));
    expect(names).not.toContain('One');
    expect(names).not.toContain('Two');
  });

  test('presets: add with typed arguments, list, fire-ready for the app, remove', async () => {
    const preset = await h.json<Preset & { robotName: string }>([
      'preset',
      'add',
      'Invoice sync',
      '--name',
      'Rush order',
      '--args',
      '{"customer":"C-1","amount":1}',
      '--arg',
      'amount:=12.5',
      '--arg',
      'code=007',
      '--get',
      '--tray',
    ]);
    expect(preset).toMatchObject({
      id: expect.any(String),
      robotName: 'Invoice sync',
      name: 'Rush order',
      method: 'GET',
      args: { customer: 'C-1', amount: 12.5, code: '007' },
      pinnedToTray: true,
    });
    // The app sees the same preset.
    const core = await h.core();
    expect((await core.listPresets(preset.robotId)).map((p) => p.name)).toContain('Rush order');

    await h.run(['preset', 'add', 'Tokenless', '--name', 'Empty']);
    const list = await h.run(['preset', 'list']);
    expect(list.stdout).toMatch(/^ROBOT\s+PRESET\s+METHOD\s+TRAY\s+NOTIFY\s+ARGUMENTS\n/);
    expect(list.stdout).toMatch(
      /Invoice sync\s+Rush order\s+GET\s+pinned\s+no\s+\{"customer":"C-1","amount":12\.5,"code":"007"\}/,
    );
    const mine = await h.json<Preset[]>(['preset', 'list', 'Tokenless']);
    expect(mine.map((p) => p.name)).toEqual(['Empty']);

    const removed = await h.run(['preset', 'remove', 'Tokenless', 'empty']);
    expect(removed.stdout).toBe('Removed preset "Empty" of robot "Tokenless".\n');
    const again = await h.run(['preset', 'remove', 'Tokenless', 'Empty']);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe(
      'robot-tray: Robot "Tokenless" has no preset named "Empty". List its presets with: robot-tray preset list Tokenless\n',
    );
  });

  test('robot remove deletes the robot, its presets and its token; unknown names exit 2', async () => {
    const { token } = h.sandbox.addRobot({ name: 'Doomed', flow: [] });
    h.secrets.add(token);
    await h.run(['robot', 'add', '--name', 'Doomed', '--base-url', h.sandbox.baseUrl, '--token-stdin'], {
      input: token,
    });
    await h.run(['preset', 'add', 'Doomed', '--name', 'P']);
    const removed = await h.run(['robot', 'remove', 'Doomed']);
    expect(removed.stdout).toBe(
      'Removed robot "Doomed", its 1 preset and its token; its calls stay in history.\n',
    );
    const gone = await h.run(['token', 'status', 'Doomed']);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toBe(
      // Not quoted back: on a token command the "name" may be a pasted token.
      'robot-tray: No robot has that name. List robots with: robot-tray robot list\n',
    );
    expect((await h.json<Preset[]>(['preset', 'list'])).map((p) => p.name)).not.toContain('P');
  });

  test('without a Secret Service, token commands exit 7 with the fix, and nothing leaks', async () => {
    const env = {
      DBUS_SESSION_BUS_ADDRESS: undefined,
      DISPLAY: undefined,
      HOME: await mkdtemp(path.join(tmpdir(), 'robot-tray-cli-nodbus-')),
    };
    const set = await h.run(['token', 'set', 'Tokenless'], { input: 'no-keychain-secret', env });
    h.secrets.add('no-keychain-secret');
    expect(set.code).toBe(7);
    expect(set.stderr).toMatch(/^robot-tray: Robot Tray could not store the token in the system keychain/);
    expect(set.stderr).toMatch(/Secret Service.*never stored anywhere else\. In a terminal or over SSH.*\n$/);
    expect(set.stderr.split('\n')).toHaveLength(2);

    const add = await h.run(
      ['robot', 'add', '--name', 'Keyless', '--base-url', h.sandbox.baseUrl, '--token-stdin'],
      { input: 'no-keychain-secret', env },
    );
    expect(add.code).toBe(7);
    expect(add.stderr).toMatch(
      /^robot-tray: Robot "Keyless" was added without its token\. .* Then run: robot-tray token set Keyless\n$/,
    );
    // With ROBOT_TRAY_DEBUG=1 the stack and its cause follow the line; still no token.
    const debug = await h.run(['token', 'set', 'Tokenless'], {
      input: 'no-keychain-secret',
      env: { ...env, ROBOT_TRAY_DEBUG: '1' },
    });
    expect(debug.code).toBe(7);
    expect(debug.stderr).toMatch(
      /^robot-tray: Robot Tray could not store the token[^\n]*\nAppError: [^\n]*\n {4}at /,
    );
    expect(debug.stderr).toContain('Caused by: ');
    const fire = await h.run(['fire', 'Invoice sync'], { env });
    expect(fire.code).toBe(7);
    // Listing works without a keychain, and does not pretend to know what it holds.
    const list = await h.run(['robot', 'list'], { env });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/Keyless\s+\S+\s+unknown \(keychain unavailable\)/);
    expect(
      (await h.json<{ name: string; hasToken: boolean | null }[]>(['robot', 'list'], { env })).find(
        (r) => r.name === 'Keyless',
      )?.hasToken,
    ).toBeNull();
    // A robot that never had a token can be removed without a keychain: there is nothing to orphan.
    const removed = await h.run(['robot', 'remove', 'Keyless'], { env });
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe(
      'Removed robot "Keyless" and its 0 presets (it had no token); its calls stay in history.\n',
    );
    // One whose token is in the keychain is kept: removing it now would orphan the token.
    const kept = await h.run(['robot', 'remove', 'Invoice sync'], { env });
    expect(kept.code).toBe(7);
    expect((await h.run(['robot', 'list'])).stdout).toMatch(/Invoice sync\s+\S+\s+stored/);
  });
});
