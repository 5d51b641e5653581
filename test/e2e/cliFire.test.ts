import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { BIN, CliHarness, ROOT } from '../support/cliHarness.ts';

const hasScript = spawnSync('script', ['--version']).status === 0;
import { json, startScriptedService } from '../support/scriptedService.ts';

const echo = [{ type: 'respond' as const, echo: true }];
const forever = [{ type: 'wait' as const, ms: 3_600_000 }, ...echo];

/** fire, status and calls through the real bin: every outcome and its exit code. */
describe('robot-tray fire, status and calls', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: echo });
    await h.addRobot({ name: 'Slow', flow: forever });
  });
  afterAll(() => h?.close());

  function lastTrigger() {
    return h.sandbox.calls().at(-1)!;
  }

  test('without --wait: prints the call id and webhookCallId once accepted, exit 0', async () => {
    const result = await h.run(['fire', 'Echo', '--arg', 'n:=1']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const [, id, webhookCallId] = /^call\s+(\S+)\nwebhookCallId\s+(\S+)\n$/.exec(result.stdout)!;
    expect(webhookCallId).toBe(lastTrigger().webhookCallId);
    // The app's view of the same data folder has the call, still waiting for it to watch.
    const core = await h.core();
    expect(core.getCall(id!)).toMatchObject({ state: 'waiting', webhookCallId, args: { n: 1 } });
  });

  test.skipIf(!hasScript)(
    'without --wait on a terminal: says how to follow the call, on stderr',
    async () => {
      const session = h.startCommand('script', [
        '-qefc',
        `'${process.execPath}' '${BIN}' fire Echo --arg n:=2`,
        '/dev/null',
      ]);
      session.child.stdin.end();
      const result = await session.done;
      expect(result.code).toBe(0);
      const id = /call\s+(\S+)\r?\n/.exec(result.stdout)?.[1];
      expect(result.stdout).toContain(`Follow it with: robot-tray call show ${id} --wait`);
    },
  );

  test('--arg as HTTPie: key=value is text, key:=value is JSON, =@FILE a file; --arg wins over --args', async () => {
    const note = path.join(h.home, 'note.txt');
    const order = path.join(h.home, 'order.json');
    await writeFile(note, 'first line\nsecond line');
    await writeFile(order, '{"id":"A-7","lines":[1,2]}');
    const result = await h.run([
      'fire',
      'Echo',
      '--args',
      '{"n":0,"keep":"yes","list":[0]}',
      '--args',
      '{"second":true}',
      '--arg',
      'n:=42',
      '--arg',
      'f:=1.5',
      '--arg',
      'b:=false',
      '--arg',
      'z:=null',
      '--arg',
      'list:=[1,"a"]',
      '--arg',
      'obj:={"k":{"deep":1}}',
      '--arg',
      'word=hello world',
      '--arg',
      'id=42',
      '--arg',
      'flag=true',
      '--arg',
      'url=https://x.example/?a=1&b=2',
      '--arg',
      'eq=a=b',
      '--arg',
      'a:b=c',
      '--arg',
      'zip=007',
      '--arg',
      'big=12345678901234567890',
      '--arg',
      'empty=',
      '--arg',
      `note=@${note}`,
      '--arg',
      `order:=@${order}`,
      '--arg',
      'handle=\\@robots',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(lastTrigger().args).toEqual({
      n: 42,
      keep: 'yes',
      list: [1, 'a'],
      second: true,
      f: 1.5,
      b: false,
      z: null,
      obj: { k: { deep: 1 } },
      word: 'hello world',
      id: '42',
      flag: 'true',
      url: 'https://x.example/?a=1&b=2',
      eq: 'a=b',
      'a:b': 'c',
      zip: '007',
      big: '12345678901234567890',
      empty: '',
      note: 'first line\nsecond line',
      order: { id: 'A-7', lines: [1, 2] },
      handle: '@robots',
    });
  });

  test('a call refused for its arguments, whose --arg text reads as a number or flag, says how to send one', async () => {
    const strict = await startScriptedService((_req, res) =>
      json(res, 422, { message: 'amount must be a number' }),
    );
    try {
      expect((await h.run(['robot', 'add', 'Strict', '--base-url', strict.url])).code).toBe(0);
      expect((await h.run(['token', 'set', 'Strict'], { input: 'strict-token-0123456789' })).code).toBe(0);
      h.secrets.add('strict-token-0123456789');
      const result = await h.run(['fire', 'Strict', '--arg', 'amount=12.5', '--arg', 'customer=C-17']);
      expect(result.code).toBe(3);
      expect(result.stderr).toContain(
        'robot-tray: --arg amount=12.5 sent the text "12.5"; for a number write amount:=12.5.\n',
      );
      expect(result.stderr).not.toContain('customer=C-17');
    } finally {
      await strict.close();
    }
  });

  test.each([
    [['--arg', 'big:=12345678901234567890'], 'Send it as text exactly as typed with big=…'],
    [['--arg', 'n:=forty'], '--arg n:=forty: not valid JSON'],
    [['--arg', 'x=@/no/such/file.json'], '--arg …=@/no/such/file.json: the file'],
    [['--arg', 'novalue'], '--arg novalue: expected key=value (text) or key:=value (JSON, such as n:=42).'],
    [['--arg', '=1'], '--arg =1: the argument name before "=" is empty.'],
    [['--args', '[1]'], `--args: must be a JSON object such as '{"customer":"C-17"}'.`],
    [['--args', '{oops'], '--args: not valid JSON'],
    [['--timeout', '0'], "option '--timeout <SECONDS>' argument '0' is invalid."],
    [['--bogus'], "unknown option '--bogus'. See: robot-tray fire --help"],
  ])('usage error %j exits 2 before anything is sent', async (args, message) => {
    const before = h.sandbox.requests().length;
    const result = await h.run(['fire', 'Echo', ...args]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(h.sandbox.requests()).toHaveLength(before);
  });

  test('GET with a nested object is a validation error (exit 2), nothing sent', async () => {
    const result = await h.run(['fire', 'Echo', '--get', '--arg', 'o:={"a":1}']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^robot-tray: .*POST/);
  });

  test('--wait: progress lines on stderr, the response as JSON on stdout, exit 0', async () => {
    const result = await h.run(['fire', 'Echo', '--get', '--arg', 'q=a b', '--wait']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ q: 'a b' });
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^waiting · \d+\.\ds · 0 polls · webhookCallId \S+$/);
    expect(lines.at(-1)).toMatch(/^done · \d+\.\ds · [1-9]\d* polls? · webhookCallId \S+$/);
  });

  test('--wait --json: the whole call record', async () => {
    const result = await h.run(['fire', 'Echo', '--arg', 'x:=1', '--wait', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^waiting · /);
    const call = JSON.parse(result.stdout) as Call;
    expect(call).toMatchObject({
      id: expect.any(String),
      robotName: 'Echo',
      method: 'POST',
      args: { x: 1 },
      state: 'done',
      response: { x: 1 },
      pollCount: expect.any(Number),
    });
    expect(call.timeline.map((t) => t.state)).toEqual(['sending', 'waiting', 'done']);
  });

  test('a preset saved in the app fires from the CLI, with given arguments over its own', async () => {
    const core = await h.core();
    const robot = await core.getRobot('Echo');
    await core.createPreset({ robotId: robot.id, name: 'Rush order', args: { a: 1, b: 'x' } });
    const result = await h.run(['fire', 'Echo', '--preset', 'rush order', '--arg', 'b=y', '--wait']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ a: 1, b: 'y' });
    const call = core.getCall(core.listCalls({ limit: 1 })[0]!.id);
    expect(call).toMatchObject({ presetName: 'Rush order', state: 'done', response: { a: 1, b: 'y' } });
  });

  test('rejected: exit 3 with the HTTP status shown', async () => {
    await h.addRobot({ name: 'Rotated', flow: echo });
    h.secrets.add(h.sandbox.rotateToken('Rotated'));
    const result = await h.run(['fire', 'Rotated', '--wait']);
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    // The service's words, the spec's token steps and the command that sets the new token; each said once.
    expect(result.stderr).toBe(
      'robot-tray: The service refused the token (HTTP 401). It said: The token is unknown or was revoked. ' +
        'Generate a new token in the robot\'s Designer: the gear icon, section "Webhook token", the generate-token icon, ' +
        'confirm, then copy it, then set it with: robot-tray token set Rotated\n',
    );
  });

  test('unreachable: exit 5 when nothing reached the service', async () => {
    const core = await h.core();
    const robot = await core.createRobot({ name: 'Nowhere', baseUrl: 'http://127.0.0.1:9' });
    await core.setToken(robot.id, 'nowhere-token-0000');
    h.secrets.add('nowhere-token');
    const result = await h.run(['fire', 'Nowhere', '--json']);
    expect(result.code).toBe(5);
    expect(JSON.parse(result.stdout)).toMatchObject({ state: 'unreachable', error: { kind: 'network' } });
    expect(result.stderr).toBe(
      'robot-tray: Could not reach 127.0.0.1:9 (connection refused). Check that the service is running and the base URL is right.\n',
    );
  });

  test('unknown: exit 6 when the connection broke after the trigger was processed', async () => {
    await h.addRobot({
      name: 'Dropper',
      flow: echo,
      faults: { trigger: { drop: { rate: 1, stage: 'after' } } },
    });
    const result = await h.run(['fire', 'Dropper']);
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(/may or may not have started/);
  });

  test("failed: exit 10 when the service reports the run FAILED, with the robot's words", async () => {
    await h.addRobot({ name: 'Crashy', flow: [{ type: 'fail', message: 'disk full' }] });
    const result = await h.run(['fire', 'Crashy', '--wait']);
    expect(result.code).toBe(10);
    expect(result.stderr).toMatch(
      /failed: the service reported the run as "FAILED"\. The robot said: disk full\. See the service's answer/,
    );
  });

  test('expired: exit 6 when the query answers 404', async () => {
    await h.addRobot({ name: 'Forgetful', flow: [{ type: 'finish' }], afterNoResponse: 'not-found' });
    const result = await h.run(['fire', 'Forgetful', '--wait']);
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(/expired: the service no longer knows this run/);
  });

  test('stopped: exit 4 when the watch deadline passes while still waiting', async () => {
    await h.addRobot(
      { name: 'Deadline', flow: forever },
      {
        pollPolicy: { firstDelayMs: 100, factor: 1, maxDelayMs: 400, watchDeadlineMs: 1_000 },
      },
    );
    const result = await h.run(['fire', 'Deadline', '--wait']);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/stopped: The watch deadline passed/);
  });

  test('--timeout: exit 4, the call left waiting for the app, then status --wait finishes it', async () => {
    // Long enough for the trigger to go out on a busy machine: a deadline that passes first sends nothing.
    const result = await h.run(['fire', 'Slow', '--timeout', '3', '--json']);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/still waiting after .*; the call stays waiting in history/);
    const call = JSON.parse(result.stdout) as Call;
    expect(call.state).toBe('waiting');
    expect((await h.json<Call>(['status', call.id])).state).toBe('waiting');

    // Another process (this test) lets the robot finish; status --wait watches it to the end.
    const waiting = h.start(['status', call.webhookCallId!, '--wait']);
    await waiting.waitFor('stderr', /waiting/);
    h.sandbox.skipWait(call.webhookCallId!);
    const done = await waiting.done;
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual({});
  });

  test('Ctrl+C during --wait: exit 130, the call stays waiting in history', async () => {
    const running = h.start(['fire', 'Slow', '--arg', 'k=v', '--wait', '--json']);
    await running.waitFor('stderr', /^waiting · /);
    running.child.kill('SIGINT');
    const result = await running.done;
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/stopped waiting; the call stays waiting in history/);
    const fired = JSON.parse(result.stdout) as Call;
    const status = await h.json<Call>(['status', fired.id]);
    expect(status).toMatchObject({ id: fired.id, state: 'waiting', args: { k: 'v' } });
    expect((await h.core()).getCall(fired.id).state).toBe('waiting');
  });

  test('status: text for people, exit code by state; unknown call exits 2', async () => {
    const core = await h.core();
    const robot = await core.getRobot('Echo');
    const call = core.listCalls({ robotId: robot.id, states: ['done'], limit: 1 })[0]!;
    const result = await h.run(['status', call.id]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^call +${call.id}\\nrobot +Echo\\n`));
    expect(result.stdout).toMatch(/\nstate +done\n/);
    expect(result.stdout).toMatch(/\nresponse +\{/);
    const rejected = core.listCalls({ states: ['rejected'], limit: 1 })[0]!;
    expect((await h.run(['status', rejected.id])).code).toBe(3);
    const nobody = await h.run(['fire', 'Nobody']);
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toBe(
      'robot-tray: Robot "Nobody" was not found. Check the name, or list robots with: robot-tray robot list\n',
    );
    const missing = await h.run(['status', 'no-such-call']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      'robot-tray: Call "no-such-call" was not found. It may have been pruned or forgotten; list recent calls with: robot-tray call list\n',
    );
  });

  test('calls: filters by robot and state, limit, table and JSON', async () => {
    const all = await h.json<Call[]>(['calls', '--limit', '100']);
    expect(all.length).toBeGreaterThan(8);
    expect(all.map((c) => c.createdAt)).toEqual([...all.map((c) => c.createdAt)].sort((a, b) => b - a));
    const echoDone = await h.json<Call[]>(['calls', '--robot', 'echo', '--state', 'done']);
    expect(echoDone.length).toBeGreaterThan(0);
    expect(echoDone.every((c) => c.robotName === 'Echo' && c.state === 'done')).toBe(true);
    const failed = await h.json<Call[]>(['calls', '--state', 'FAILED']);
    expect(failed.map((c) => [c.robotName, c.state, c.rawStatus])).toContainEqual([
      'Crashy',
      'failed',
      'FAILED',
    ]);
    expect(failed.every((c) => c.state === 'failed')).toBe(true);
    const several = await h.json<Call[]>(['calls', '--state', 'rejected,unreachable', '--limit', '1']);
    expect(several).toHaveLength(1);
    const table = await h.run(['calls', '--limit', '2']);
    expect(table.stdout.split('\n')[0]).toMatch(
      /^CALL\s+ROBOT\s+PRESET\s+STATE\s+CREATED\s+POLLS\s+USUALLY\s+WEBHOOKCALLID$/,
    );
    expect(table.stdout.trimEnd().split('\n')).toHaveLength(3);
    expect((await h.run(['calls', '--limit', '0'])).code).toBe(2);
    expect((await h.run(['calls', '--state', 'finished'])).code).toBe(2);
  });
});

/** Where a response goes, which flag an error names, and the calls of robots renamed or removed. */
describe('robot-tray fire, status and calls: output, flags and robots renamed or removed', () => {
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
