import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import { BIN, CliHarness } from '../support/cliHarness.ts';

/** `script` gives the command a real terminal, where status summarises long responses. */
const hasScript = spawnSync('script', ['--version']).status === 0;

const echo = [{ type: 'respond' as const, echo: true }];

/** `status` as people use it: fresh answers, short ids, and stopped calls picked up again. */
describe('robot-tray status', () => {
  let h: CliHarness;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: echo });
  });
  afterAll(() => h?.close());

  test('a waiting call is asked about once: status shows the fresh answer, not the stored "0 polls"', async () => {
    const fired = JSON.parse((await h.run(['fire', 'Echo', '--arg', 'a:=1', '--json'])).stdout) as Call;
    expect(fired.state).toBe('waiting');
    await h.sandbox.whenSettled(fired.webhookCallId!);
    const shown = await h.run(['status', fired.id]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^state +done$/m);
    expect(shown.stdout).toMatch(/^polls +1$/m);
  });

  test('a unique prefix of the id finds the call; an ambiguous or short one does not', async () => {
    const [call] = await h.json<Call[]>(['calls', '--limit', '1']);
    const byPrefix = await h.json<Call>(['status', call!.id.slice(0, 8)]);
    expect(byPrefix.id).toBe(call!.id);
    const tooShort = await h.run(['status', call!.id.slice(0, 2)]);
    expect(tooShort.code).toBe(2);
  });

  test('status --wait resumes a stopped call and follows it to its end', async () => {
    await h.addRobot(
      { name: 'Late', flow: [{ type: 'wait', ms: 1_500 }, ...echo] },
      { pollPolicy: { firstDelayMs: 100, factor: 1, maxDelayMs: 200, watchDeadlineMs: 1_000 } },
    );
    const stopped = await h.run(['fire', 'Late', '--wait', '--json']);
    expect(stopped.code).toBe(4);
    const call = JSON.parse(stopped.stdout) as Call;
    expect(call.state).toBe('stopped');
    expect(stopped.stderr).toContain(`Resume it with: robot-tray call show ${call.id} --wait`);
    await h.sandbox.whenSettled(call.webhookCallId!);
    const resumed = await h.run(['status', call.id, '--wait']);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toEqual({});
  });
});

/** Arguments too large for one command-line word (Linux caps it at 128 KiB) come from a file or stdin. */
describe('robot-tray fire --args @FILE and --args -', () => {
  let h: CliHarness;
  let dir: string;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: echo });
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-args-'));
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('a 1 MB argument read from a file is sent exactly and answered', async () => {
    const big = 'x'.repeat(1_000_000);
    const file = path.join(dir, 'big.json');
    await writeFile(file, JSON.stringify({ big, n: 2 }));
    const result = await h.run(['fire', 'Echo', '--args', `@${file}`, '--arg', 'n:=3', '--wait', '--json']);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as Call).response).toEqual({ big, n: 3 });
  });

  test("arguments over the service's limit: the 413 is said once, in the service's own words", async () => {
    const file = path.join(dir, 'huge.json');
    await writeFile(file, JSON.stringify({ big: 'y'.repeat(2_000_000) }));
    const result = await h.run(['fire', 'Echo', '--args', `@${file}`]);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /^robot-tray: The service refused the arguments as too large \(HTTP 413\)\. It said: The request body is over the \d+-byte limit; send fewer or smaller arguments\.\n$/,
    );
  });

  test('--args - reads the JSON from stdin', async () => {
    const result = await h.run(['fire', 'Echo', '--args', '-', '--wait', '--json'], {
      input: '{"from":"stdin"}',
    });
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as Call).response).toEqual({ from: 'stdin' });
  });

  test('a missing file, a pipe, a device and a second stdin are refused before anything is sent', async () => {
    const before = h.sandbox.requests().length;
    const missing = await h.run(['fire', 'Echo', '--args', `@${path.join(dir, 'nope.json')}`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--args @.*nope\.json: the file does not exist\. Check the path\./);
    // Reading a FIFO with no writer would wait forever; /dev/zero would never end.
    const fifo = path.join(dir, 'args.fifo');
    execFileSync('mkfifo', [fifo]);
    for (const special of [fifo, '/dev/zero']) {
      const refused = await h.run(['fire', 'Echo', '--args', `@${special}`]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(
        `--args @${special}: the file is not a regular file (a pipe, socket or device). To pipe it in, use --args -.`,
      );
    }
    const twice = await h.run(['fire', 'Echo', '--args', '-', '--args', '-'], { input: '{}' });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('stdin can be read only once');
    expect(h.sandbox.requests().length).toBe(before);
  });
});

/** A large response on a terminal: a summary, with --full and --output for the rest. */
describe('robot-tray status on a large response', () => {
  let h: CliHarness;
  let dir: string;
  let id: string;
  const rows = Array.from({ length: 5_000 }, (_, i) => ({ row: i, text: `line ${i}` }));
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Echo', flow: echo });
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-output-'));
    const file = path.join(dir, 'rows.json');
    await writeFile(file, JSON.stringify({ rows }));
    const fired = await h.run(['fire', 'Echo', '--args', `@${file}`, '--wait', '--json']);
    id = (JSON.parse(fired.stdout) as Call).id;
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const onTerminal = async (args: string, command = 'status') => {
    const session = h.startCommand('script', [
      '-qefc',
      `'${process.execPath}' '${BIN}' ${command} ${args}`,
      '/dev/null',
    ]);
    session.child.stdin.end();
    return session.done;
  };

  test.skipIf(!hasScript)('a terminal gets the first 40 lines and how to see the rest', async () => {
    const result = await onTerminal(id);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"row": 0');
    expect(result.stdout).not.toContain('"row": 4999');
    expect(result.stdout).toMatch(
      /… [\d,]+ more lines \(\d+ KiB in all\)\. See all of it with: robot-tray call show \S+ --full/,
    );
    const full = await onTerminal(`${id} --full`);
    expect(full.stdout).toContain('"row": 4999');
  });

  test.skipIf(!hasScript)(
    'fire --wait on a terminal follows the same rule: 40 lines and the size',
    async () => {
      const file = path.join(dir, 'rows.json');
      const result = await onTerminal(`Echo --args @${file} --wait`, 'fire');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('"row": 0');
      expect(result.stdout).not.toContain('"row": 4999');
      expect(result.stdout).toMatch(
        /… [\d,]+ more lines \(\d+ KiB in all\)\. See all of it with: robot-tray call show \S+ --full/,
      );
      const full = await onTerminal(`Echo --args @${file} --wait --full`, 'fire');
      expect(full.stdout).toContain('"row": 4999');
    },
  );

  test('fire --wait --output writes the response to a file instead of stdout; it needs --wait', async () => {
    const file = path.join(dir, 'rows.json');
    const out = path.join(dir, 'fired.json');
    const saved = await h.run(['fire', 'Echo', '--args', `@${file}`, '--wait', '--output', out]);
    expect(saved.code).toBe(0);
    expect(saved.stdout).toBe('');
    expect(saved.stderr).toMatch(/Wrote the response of call \S+ to .*fired\.json/);
    expect(JSON.parse(await readFile(out, 'utf8'))).toEqual({ rows });
    const noWait = await h.run(['fire', 'Echo', '--output', out]);
    expect(noWait.code).toBe(2);
    expect(noWait.stderr).toContain('--output needs --wait');
  });

  test('a pipe gets the whole response, and --output writes it to a file', async () => {
    const piped = await h.run(['status', id]);
    expect(piped.stdout).toContain('"row": 4999');
    expect(piped.stdout).not.toContain('more lines');
    const out = path.join(dir, 'response.json');
    const saved = await h.run(['status', id, '--output', out]);
    expect(saved.code).toBe(0);
    expect(saved.stderr).toMatch(/^Wrote the response of call \S+ to .*response\.json \([\d,]+ bytes\)\.\n/);
    expect(JSON.parse(await readFile(out, 'utf8'))).toEqual({ rows });
    const nowhere = await h.run(['status', id, '--output', path.join(dir, 'missing', 'x.json')]);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain(
      `cannot be written: the folder ${path.join(dir, 'missing')} does not exist.`,
    );
  });
});

/** Headless use (cron, CI): the token comes from a named variable for one command, with no keychain at all. */
describe('robot-tray fire --token-env', () => {
  let h: CliHarness;
  let noKeychain: Record<string, string | undefined>;
  let token: string;
  beforeAll(async () => {
    h = await CliHarness.open();
    token = h.sandbox.addRobot({ name: 'Cron', flow: echo }).token;
    h.secrets.add(token);
    await h.run(['robot', 'add', '--name', 'Cron', '--base-url', h.sandbox.baseUrl]);
    noKeychain = {
      DBUS_SESSION_BUS_ADDRESS: undefined,
      DISPLAY: undefined,
      HOME: await mkdtemp(path.join(tmpdir(), 'robot-tray-cli-headless-')),
    };
  });
  afterAll(() => h?.close());

  test("fire and status --wait send the variable's token without a keychain, and never store or print it", async () => {
    const env = { ...noKeychain, CRON_ROBOT_TOKEN: token };
    const fired = await h.run(
      ['fire', 'Cron', '--arg', 'job=nightly', '--token-env', 'CRON_ROBOT_TOKEN', '--json'],
      {
        env,
      },
    );
    expect(fired.code).toBe(0);
    const call = JSON.parse(fired.stdout) as Call;
    expect(h.sandbox.requests().at(-1)?.headers['x-service-token']).toBe(token);
    const done = await h.run(['status', call.id, '--wait', '--token-env', 'CRON_ROBOT_TOKEN'], { env });
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual({ job: 'nightly' });
    // Nothing was stored: without the variable the robot still has no token.
    expect((await h.run(['fire', 'Cron'])).stderr).toContain('has no token yet');
    // h.close() checks every output and every file of the data folder for the token.
  });

  test('an unset variable, or a token pasted in place of the name, is refused before anything is sent', async () => {
    const before = h.sandbox.requests().length;
    const unset = await h.run(['fire', 'Cron', '--token-env', 'NOT_SET_HERE'], { env: noKeychain });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toBe(
      "robot-tray: --token-env: the variable NOT_SET_HERE is not set, or is empty. Export the robot's token in it first, then give the variable's name.\n",
    );
    const pasted = await h.run(['fire', 'Cron', '--token-env', token], { env: noKeychain });
    expect(pasted.code).toBe(2);
    // Whichever way it is refused, the token is not echoed (close() checks every output for it).
    expect(pasted.stderr).toMatch(
      /^robot-tray: --token-env: (that is not a variable name|the variable it names is not set)/,
    );
    const notAName = await h.run(['fire', 'Cron', '--token-env', 'my token'], { env: noKeychain });
    expect(notAName.stderr).toBe(
      'robot-tray: --token-env: that is not a variable name; give the name of the variable (such as ROBOT_TOKEN), not the token.\n',
    );
    expect(h.sandbox.requests().length).toBe(before);
  });
});
