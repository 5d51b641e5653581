import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BIN, CliHarness, ROOT } from '../support/cliHarness.ts';

const exec = promisify(execFile);
const SPY = path.join(ROOT, 'test/support/cliImportSpy.ts');

/** `script` gives a child a real terminal; the TTY paths are tested through it when it exists. */
const hasScript = spawnSync('script', ['--version']).status === 0;

describe('robot-tray curl, sandbox, terminals and start-up', () => {
  let h: CliHarness;
  let dir: string;
  beforeAll(async () => {
    h = await CliHarness.open();
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-cli-tools-'));
    await h.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Runs a printed command as people would, with the token only in the environment. */
  async function runPrinted(command: string): Promise<string> {
    const { stdout } = await exec('sh', ['-c', command], {
      env: { ...process.env, ROBOT_TOKEN: h.sandbox.tokenOf('Echo') },
    });
    h.keep(stdout);
    return stdout;
  }

  test('curl prints a command that real curl runs against the service, token from $ROBOT_TOKEN', async () => {
    const post = await h.run(['curl', 'Echo', '--args', '{"customer":"C-17"}', '--arg', "note=it's 1 < 2"]);
    expect(post).toMatchObject({ code: 0, stderr: '' });
    expect(post.stdout).toContain(
      `: "\${ROBOT_TOKEN:?set ROBOT_TOKEN to the robot webhook token first}" && printf 'x-service-token: %s\\n' "$ROBOT_TOKEN" | curl`,
    );
    const answer = JSON.parse(await runPrinted(post.stdout)) as { webhookCallId: string };
    const record = await h.sandbox.whenSettled(answer.webhookCallId);
    expect(record).toMatchObject({ method: 'POST', args: { customer: 'C-17', note: "it's 1 < 2" } });

    const get = await h.run(['curl', 'Echo', '--get', '--arg', 'q=a b&c', '--arg', 'n:=3']);
    const got = JSON.parse(await runPrinted(get.stdout)) as { webhookCallId: string };
    expect(await h.sandbox.whenSettled(got.webhookCallId)).toMatchObject({
      method: 'GET',
      args: { q: 'a b&c', n: '3' },
    });
  });

  test('the printed command stops in the shell, before curl, when $ROBOT_TOKEN is unset or empty', async () => {
    const printed = await h.run(['curl', 'Echo', '--arg', 'a:=1']);
    const before = h.sandbox.requests().length;
    for (const token of [undefined, '']) {
      const env: NodeJS.ProcessEnv = { ...process.env, ROBOT_TOKEN: token };
      if (token === undefined) delete env['ROBOT_TOKEN'];
      const failed = await exec('sh', ['-c', printed.stdout], { env }).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).not.toBe(0);
      expect(failed?.stderr).toContain('set ROBOT_TOKEN to the robot webhook token first');
    }
    expect(h.sandbox.requests()).toHaveLength(before);
  });

  test('curl with a preset: the preset method and arguments, overridden by the given ones', async () => {
    const core = await h.core();
    const robot = await core.getRobot('Echo');
    await core.createPreset({ robotId: robot.id, name: 'Daily', method: 'GET', args: { a: '1', b: '2' } });
    const printed = await h.run(['curl', 'Echo', '--preset', 'Daily', '--arg', 'b=3']);
    expect(printed.stdout).toMatch(
      /^: "\$\{ROBOT_TOKEN:\?[^}]*\}" && printf 'x-service-token: %s\\n' "\$ROBOT_TOKEN" \| curl -sS 'http:\/\/127\.0\.0\.1:\d+\/main\/public\/webhook\/request\?a=1&b=3'/,
    );
    const answer = JSON.parse(await runPrinted(printed.stdout)) as { webhookCallId: string };
    expect((await h.sandbox.whenSettled(answer.webhookCallId)).args).toEqual({ a: '1', b: '3' });
  });

  test('sandbox runs the simulator in the foreground; the CLI fires at it; SIGTERM stops it', async () => {
    const config = path.join(dir, 'robots.json');
    const token = 'cli-sandbox-token';
    h.secrets.add(token);
    await writeFile(
      config,
      JSON.stringify({ robots: [{ name: 'mine', token, flow: [{ type: 'respond', echo: true }] }] }),
    );
    const sandbox = h.start(['sandbox', '--port', '0', '--no-demo', '--config', config], {
      printsSandboxTokens: true,
    });
    const banner = await sandbox.waitFor('stdout', /Robots and their tokens:\n {2}mine {2}\S+\n/);
    const baseUrl = /listening on (http:\/\/\S+)/.exec(banner)![1]!;
    expect(sandbox.child.exitCode).toBeNull();

    await h.run(['robot', 'add', '--name', 'Mine', '--base-url', baseUrl, '--token-stdin'], { input: token });
    const fired = await h.run(['fire', 'Mine', '--arg', 'hello:=1', '--timeout', '20']);
    expect(fired.code).toBe(0);
    expect(JSON.parse(fired.stdout)).toEqual({ hello: 1 });

    sandbox.child.kill('SIGTERM');
    expect((await sandbox.done).code).toBe(0);
  });

  test('sandbox with a bad config exits 2 naming the field', async () => {
    const config = path.join(dir, 'bad.json');
    await writeFile(config, JSON.stringify({ robots: [{ name: 'a', flow: [{ type: 'wait', ms: 'ten' }] }] }));
    const result = await h.run(['sandbox', '--port', '0', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^robot-tray: sandbox: .*robots\[0\]\.flow\[0\]\.ms: expected number/);
  });

  test('sandbox on a port in use exits 1 and says to pick another', async () => {
    const port = new URL(h.sandbox.baseUrl).port;
    const result = await h.run(['sandbox', '--port', port, '--no-demo']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^robot-tray: sandbox: cannot listen: .*EADDRINUSE.*Pick another --port\.\n$/,
    );
  });

  test('a reader that is already gone ends the command quietly', async () => {
    // `true` exits before Node has started, so every write meets a closed pipe (EPIPE).
    const script = `set -o pipefail; '${process.execPath}' '${BIN}' fire --help | true`;
    const { stderr } = await exec('bash', ['-c', script], { cwd: ROOT, env: h.env() });
    expect(stderr).toBe('');
  });

  test.skipIf(!hasScript)(
    'token set on a terminal prompts on stderr and never echoes the token',
    async () => {
      const token = 'typed-at-a-terminal-token';
      h.secrets.add(token);
      await h.run(['robot', 'add', '--name', 'Typed', '--base-url', h.sandbox.baseUrl]);
      const session = h.startCommand('script', [
        '-qefc',
        `'${process.execPath}' '${BIN}' token set Typed`,
        '/dev/null',
      ]);
      await session.waitFor('stdout', /input hidden\): $/);
      session.child.stdin.write(token + '\r');
      const result = await session.done;
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        `Stored the token of robot "Typed" in the system keychain, for ${h.sandbox.baseUrl} only.`,
      );
      expect(result.stdout).not.toContain(token);
      expect(await h.json(['token', 'status', 'Typed'])).toMatchObject({ hasToken: true });
    },
  );

  test.skipIf(!hasScript)('Ctrl+C at the token prompt exits 130 and stores nothing', async () => {
    const session = h.startCommand('script', [
      '-qefc',
      `'${process.execPath}' '${BIN}' token set Typed`,
      '/dev/null',
    ]);
    await session.waitFor('stdout', /input hidden\): $/);
    session.child.stdin.write('half-typed\x03');
    const result = await session.done;
    expect(result.code).toBe(130);
    expect(result.stdout).not.toContain('half-typed');
    expect(result.stdout).not.toContain('Stored');
  });

  test.skipIf(!hasScript)('--wait on a terminal draws one live progress line', async () => {
    const session = h.startCommand('script', [
      '-qefc',
      `'${process.execPath}' '${BIN}' fire Echo --arg live:=1 --wait`,
      '/dev/null',
    ]);
    session.child.stdin.end();
    const result = await session.done;
    expect(result.code).toBe(0);
    // The terminal's clear-line sequence, spelled out so the patterns stay readable.
    const screen = result.stdout.replaceAll('\r\x1b[2K', '<redraw>');
    expect(screen).toMatch(/<redraw>waiting · \d+\.\ds · 0 polls/);
    expect(screen).toMatch(/<redraw>done · [^\n]+\r?\n/);
    expect(result.stdout).toContain('"live": 1');
  });

  test('--help and usage errors never load the core; a real command does', async () => {
    async function loaded(args: string[]): Promise<{ code: number | null; urls: string[] }> {
      const log = path.join(dir, `imports-${args.join('-').replace(/\W+/g, '_')}.log`);
      await writeFile(log, '');
      const child = execFile(process.execPath, ['--import', SPY, BIN, ...args], {
        cwd: ROOT,
        // The sources as a clone runs them unbuilt; test/e2e/cliStartup.test.ts checks the build.
        env: h.env({ ROBOT_TRAY_IMPORT_LOG: log, ROBOT_TRAY_CLI_FROM: 'src' }),
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      return { code, urls: (await readFile(log, 'utf8')).split('\n').filter(Boolean) };
    }
    const heavy = (urls: string[]) =>
      urls.filter((u) => /\/src\/core\/|\/node_modules\/(zod|undici|keytar)\//.test(u));

    for (const args of [['--help'], ['fire', '--help'], ['robot', 'add'], ['fire', 'Echo', '--arg', 'x']]) {
      const { code, urls } = await loaded(args);
      expect(code === 0 || code === 2).toBe(true);
      expect(urls.some((u) => u.endsWith('/src/cli/main.ts'))).toBe(true);
      expect(heavy(urls)).toEqual([]);
    }
    const list = await loaded(['preset', 'list']);
    expect(list.code).toBe(0);
    expect(list.urls.some((u) => u.endsWith('/src/core/appCore.ts'))).toBe(true);
    // Listing presets needs no token, so the keychain's native module stays unloaded
    // (robot list asks the keychain whether each token is still there).
    expect(list.urls.filter((u) => u.includes('/keytar/'))).toEqual([]);
    // The core loads the parts of undici it uses, not its index (fetch, WebSocket, caches, mocks).
    expect(list.urls.some((u) => u.includes('/node_modules/undici/lib/dispatcher/pool.js'))).toBe(true);
    expect(list.urls.filter((u) => u.endsWith('/node_modules/undici/index.js'))).toEqual([]);
  });

  test('on a Node older than 24 the bin says how to run it, exit 2', async () => {
    const old = ['/usr/bin/node', '/usr/local/bin/node'].find((file) => {
      const version = spawnSync(file, ['--version'], { encoding: 'utf8' }).stdout ?? '';
      const major = Number(/^v(\d+)/.exec(version)?.[1]);
      return major > 0 && major < 24;
    });
    if (old === undefined) return;
    const result = spawnSync(old, [BIN, '--help'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^robot-tray: needs Node 24 or newer, this is Node \d+.*npx robot-tray/);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
