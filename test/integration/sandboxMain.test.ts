import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { Client, request, type Dispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ROBOTS } from '../../src/sandbox/demoRobots.ts';

const demoRobotNames = DEMO_ROBOTS.map((r) => r.name);

const root = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(root, 'src/sandbox/main.ts');
const TRIGGER = '/main/public/webhook/request';

type Printed = { baseUrl: string; tokens: Map<string, string> };

/** `npm run sandbox` without npm: the same entry point on the same Node. */
function startMain(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [MAIN, ...args], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Reads the banner: the base URL, then one `name  token` line per robot until stdout goes quiet. */
async function readBanner(child: ChildProcessWithoutNullStreams, robotCount: number): Promise<Printed> {
  const lines = createInterface({ input: child.stdout });
  let baseUrl = '';
  const tokens = new Map<string, string>();
  let inRobots = false;
  for await (const line of lines) {
    const listening = /listening on (http:\/\/\S+)$/.exec(line);
    if (listening) baseUrl = listening[1] as string;
    else if (line === 'Robots and their tokens:') inRobots = true;
    else if (inRobots) {
      const [name, token] = line.trim().split(/\s+/);
      tokens.set(name as string, token as string);
      if (tokens.size === robotCount) break;
    }
  }
  return { baseUrl, tokens };
}

/** Runs main.ts to its exit; 'close' rather than 'exit' so stderr is fully read too. */
async function runToExit(child: ChildProcessWithoutNullStreams): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number];
  return { code, stderr };
}

describe('node src/sandbox/main.ts', () => {
  let dir: string;
  let child: ChildProcessWithoutNullStreams | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-sandbox-main-'));
  });
  afterEach(() => {
    if (child !== undefined && child.exitCode === null) child.kill('SIGKILL');
    child = undefined;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('prints the base URL and each demo robot token, serves them, and stops on SIGTERM', async () => {
    child = startMain(['--port', '0']);
    const printed = await readBanner(child, 6);
    expect(printed.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect([...printed.tokens.keys()]).toEqual(demoRobotNames);

    const res = await request(`${printed.baseUrl}/main/public/webhook/request`, {
      method: 'POST',
      headers: { 'x-service-token': printed.tokens.get('echo') as string },
      body: '{"hello":"world"}',
    });
    expect(res.statusCode).toBe(200);
    const { webhookCallId } = (await res.body.json()) as { webhookCallId: string };
    const query = await request(`${printed.baseUrl}/prod/1/customer/robot/webhookResponse/${webhookCallId}`);
    // The demo echo robot waits about a second before it responds.
    expect(await query.body.json()).toEqual({ status: 'WAITING' });

    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
  });

  test('--config and --no-demo: only the configured robots, with their fixed tokens', async () => {
    const file = path.join(dir, 'robots.json');
    await writeFile(
      file,
      JSON.stringify({
        robots: [{ name: 'mine', token: 'mine-token', flow: [{ type: 'respond', echo: true }] }],
      }),
    );
    child = startMain(['--port', '0', '--no-demo', '--config', file]);
    const printed = await readBanner(child, 1);
    expect([...printed.tokens]).toEqual([['mine', 'mine-token']]);
    const res = await request(`${printed.baseUrl}/main/public/webhook/request?a=1`, {
      headers: { 'x-service-token': 'mine-token' },
    });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
  });

  test('a bad config file exits 2 with the field named on stderr', async () => {
    const file = path.join(dir, 'bad.json');
    await writeFile(
      file,
      JSON.stringify({
        robots: [
          { name: 'a', flow: [] },
          { name: 'b', flow: [] },
          { name: 'c', flow: [{ type: 'wait', ms: 'ten' }] },
        ],
      }),
    );
    child = startMain(['--port', '0', '--config', file]);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'close'); // 'close': stderr fully read too
    expect(code).toBe(2);
    expect(stderr).toContain('robots[2].flow[0].ms: expected number');
  });

  test.each([
    [['--port', '70000'], '--port: expected a whole number from 0 to 65535, got "70000"'],
    [
      ['--port', '0', 'stray'],
      "Unexpected argument 'stray'. This command does not take positional arguments",
    ],
    [['--port'], "Option '--port <value>' argument missing"],
    [['--port', '-1'], "Option '--port' argument is ambiguous. Did you forget"],
    [['--bogus'], "Unknown option '--bogus'"],
  ])('%j: one line naming the problem, then the usage, exit 2', async (args, problem) => {
    child = startMain(args);
    const { code, stderr } = await runToExit(child);
    expect(code).toBe(2);
    const [first, blank, usage] = stderr.split('\n');
    expect(first).toContain(`sandbox: ${problem}`);
    expect([blank, usage]).toEqual(['', 'Usage: npm run sandbox -- [options]']);
    expect(stderr).not.toMatch(/^\s+at /m); // no stack trace
  });

  test('an address this machine does not have: one line saying to pick another --host, exit 1', async () => {
    // 192.0.2.1 is TEST-NET-1, documentation only: never a local address.
    child = startMain(['--port', '0', '--host', '192.0.2.1']);
    const { code, stderr } = await runToExit(child);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^sandbox: cannot listen: .*EADDRNOTAVAIL.*\. Pick another --host\.\n$/);
  });

  // These two run the sandbox in its own process, as in real use: a client
  // sharing the sandbox's event loop never races it, so in-process tests
  // cannot show a connection reset.
  async function startOwnProcess(): Promise<string> {
    const file = path.join(dir, 'r.json');
    await writeFile(file, JSON.stringify({ robots: [{ name: 'r', token: 'r-token', flow: [] }] }));
    child = startMain(['--port', '0', '--no-demo', '--config', file]);
    return (await readBanner(child, 1)).baseUrl;
  }

  /** Status, content type and body, or the error code; over a fresh connection, as a client that opens one per call. */
  async function answerOf(baseUrl: string, options: Dispatcher.RequestOptions): Promise<string> {
    const client = new Client(baseUrl);
    try {
      const res = await client.request(options);
      return `${res.statusCode} ${String(res.headers['content-type'])} ${await res.body.text()}`;
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    } finally {
      await client.destroy();
    }
  }

  test('a body many times the cap gets the 413 and its JSON error every time, not a reset', async () => {
    const baseUrl = await startOwnProcess();
    const size = 16 * 1024 * 1024; // 16 times the default 1 MiB cap
    const sized = (): string => 'x'.repeat(size);
    const chunked = (): Readable =>
      Readable.from(
        (function* () {
          for (let sent = 0; sent < size; sent += 64 * 1024) yield Buffer.alloc(64 * 1024, 'x');
        })(),
      );
    const tooLarge = (message: string): string =>
      `413 application/json {"error":{"code":"body_too_large","message":"${message}"}}`;
    const triggerAnswer = tooLarge(
      'The request body is over the 1048576-byte limit; send fewer or smaller arguments.',
    );
    const adminAnswer = tooLarge('The request body is over the 1048576-byte limit.');
    const sends = [
      ['trigger, Content-Length', TRIGGER, sized, triggerAnswer],
      ['trigger, chunked', TRIGGER, chunked, triggerAnswer],
      ['admin, Content-Length', '/__sandbox/robots', sized, adminAnswer],
      ['admin, chunked', '/__sandbox/robots', chunked, adminAnswer],
    ] as const;
    const answers: string[] = [];
    const expected: string[] = [];
    for (const [what, path, body, answer] of sends) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const headers = { 'x-service-token': 'r-token' };
        answers.push(`${what}: ${await answerOf(baseUrl, { path, method: 'POST', headers, body: body() })}`);
        expected.push(`${what}: ${answer}`);
      }
    }
    expect(answers).toEqual(expected);
  });

  test('a URL of several MiB gets the 431 and its JSON error every time, not a reset', async () => {
    const baseUrl = await startOwnProcess();
    const path = `${TRIGGER}?a=${'x'.repeat(8 * 1024 * 1024)}`;
    const answers: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push(
        await answerOf(baseUrl, { path, method: 'GET', headers: { 'x-service-token': 'r-token' } }),
      );
    }
    expect(answers).toEqual(
      Array.from({ length: 5 }, () =>
        expect.stringMatching(/^431 application\/json \{"error":\{"code":"headers_too_large","message":"/),
      ),
    );
  });
});
