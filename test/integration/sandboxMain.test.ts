import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ROBOTS } from '../../src/sandbox/demoRobots.ts';

const demoRobotNames = DEMO_ROBOTS.map((r) => r.name);

const root = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(root, 'src/sandbox/main.ts');

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
});
