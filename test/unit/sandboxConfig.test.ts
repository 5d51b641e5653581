import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfigFile } from '../../src/sandbox/configFile.ts';
import { SandboxValidationError, startSandbox } from '../../src/sandbox/index.ts';
import { SandboxConfigSchema } from '../../src/sandbox/schema.ts';
import { describeIssues, formatPath } from '../../src/sandbox/validation.ts';
import { DEMO_ROBOTS } from '../../src/sandbox/demoRobots.ts';

const demoRobotNames = DEMO_ROBOTS.map((r) => r.name);

function problems(config: unknown): string {
  const result = SandboxConfigSchema.safeParse(config);
  if (result.success) throw new Error('expected the config to be refused');
  return describeIssues(result.error);
}

const ok = { name: 'ok', flow: [] };

describe('sandbox config validation', () => {
  test('formatPath writes paths as they read in JSON', () => {
    expect(formatPath(['robots', 2, 'flow', 0, 'ms'])).toBe('robots[2].flow[0].ms');
    expect(formatPath([])).toBe('(root)');
  });

  test.each([
    [
      { robots: [ok, ok, { name: 'c', flow: [{ type: 'wait', ms: '5' }] }] },
      'robots[2].flow[0].ms: expected number',
    ],
    [{ robots: [{ name: 'a', flow: [{ type: 'sleep' }] }] }, 'robots[0].flow[0].type:'],
    [
      { robots: [{ name: 'a', flow: [{ type: 'waitRandom', minMs: 9, maxMs: 1 }] }] },
      'robots[0].flow[0].maxMs: must be >= minMs',
    ],
    [
      { robots: [{ name: 'a', flow: [{ type: 'respond', pick: 'id' }] }] },
      'robots[0].flow[0].pick: expected array',
    ],
    [{ robots: [{ name: '', flow: [] }] }, 'robots[0].name:'],
    [{ robots: [{ name: 'a' }] }, 'robots[0].flow: expected array'],
    [{ robots: [{ name: 'a', flow: [], colour: 'red' }] }, 'robots[0]: Unrecognized key: "colour"'],
    [{ robots: [{ name: 'a', token: 'has space', flow: [] }] }, 'robots[0].token: must be visible ASCII'],
    [{ robots: [ok, ok] }, 'robots[1].name: duplicate robot name'],
    [
      {
        robots: [
          { name: 'a', token: 'same-token', flow: [] },
          { name: 'b', token: 'same-token', flow: [] },
        ],
      },
      'robots[1].token: duplicate token',
    ],
    [
      { faults: { trigger: { serverError: { rate: 1.5, status: 503 } } } },
      'faults.trigger.serverError.rate:',
    ],
    [{ faults: { query: { serverError: { rate: 1, status: 504 } } } }, 'faults.query.serverError.status:'],
    [{ faults: { query: { latency: {} } } }, 'faults.query.latency: give either ms, or minMs and maxMs'],
    [
      { faults: { query: { latency: { ms: 1, minMs: 1, maxMs: 2 } } } },
      'faults.query.latency: give either ms',
    ],
    [
      { faults: { query: { tooManyRequests: { rate: 1 } } } },
      'faults.query.tooManyRequests.retryAfterSeconds:',
    ],
    [{ afterFailure: 'explode' }, 'afterFailure:'],
    [{ robots: [{ name: 'a', flow: [], afterNoResponse: 'DONE' }] }, 'robots[0].afterNoResponse:'],
    [{ robot: [] }, '(root): Unrecognized key: "robot"'],
  ])('%j is refused: %s', (config, message) => {
    expect(problems(config)).toContain(message);
  });

  test('a complete config parses, with defaults filled in', () => {
    const parsed = SandboxConfigSchema.parse({
      robots: [
        {
          name: 'full',
          token: 'tok-en_1.~',
          flow: [
            { type: 'wait', ms: 0 },
            { type: 'waitRandom', minMs: 1, maxMs: 1 },
            { type: 'respond', echo: true, constants: { nested: { a: [1, null, 'x'] } } },
            { type: 'respondGenerated', bytes: 1000 },
            { type: 'finish' },
            { type: 'fail' },
          ],
          afterNoResponse: 'done-empty',
          afterFailure: 'http-500',
          faults: { trigger: { drop: { rate: 0 }, tooManyRequests: { rate: 0.1, retryAfterSeconds: 1 } } },
        },
      ],
      faults: { query: { latency: { minMs: 1, maxMs: 2 }, slowBody: { chunkBytes: 1, intervalMs: 1 } } },
      triggerStatus: 202,
      queryRequiresToken: true,
      retentionMs: 5,
      bodyLimitBytes: 100,
    });
    expect(parsed.robots[0]?.faults?.trigger).toEqual({
      drop: { rate: 0, stage: 'before' },
      tooManyRequests: { rate: 0.1, retryAfterSeconds: 1, retryAfterFormat: 'seconds' },
    });
    expect(SandboxConfigSchema.parse({}).robots).toEqual([]);
  });
});

describe('sandbox config file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-sandbox-config-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function fileWith(name: string, text: string): Promise<string> {
    const file = path.join(dir, name);
    await writeFile(file, text);
    return file;
  }

  test('a bad field is named, with the file', async () => {
    const file = await fileWith(
      'bad.json',
      JSON.stringify({ robots: [ok, ok, { name: 'c', flow: [{ type: 'wait', ms: true }] }] }),
    );
    const error = await loadConfigFile(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SandboxValidationError);
    expect((error as Error).message).toBe(
      `invalid config file ${file}: robots[2].flow[0].ms: expected number, received boolean`,
    );
  });

  test('a file that is not JSON, or missing, says so', async () => {
    const file = await fileWith('broken.json', '{ robots: ');
    await expect(loadConfigFile(file)).rejects.toThrow(`config file ${file} is not valid JSON`);
    await expect(loadConfigFile(path.join(dir, 'absent.json'))).rejects.toThrow(
      `cannot read config file ${path.join(dir, 'absent.json')}: it does not exist`,
    );
    // A FIFO would hold the sandbox's start forever; it is refused at once.
    const fifo = path.join(dir, 'config.fifo');
    execFileSync('mkfifo', [fifo]);
    await expect(loadConfigFile(fifo)).rejects.toThrow(
      `cannot read config file ${fifo}: it is not a regular file (a pipe, socket or device)`,
    );
  });

  test('startSandbox refuses a bad file or object before listening', async () => {
    const file = await fileWith(
      'bad2.json',
      JSON.stringify({ robots: [{ name: 'x', flow: [{ type: 'respondGenerated' }] }] }),
    );
    await expect(startSandbox({ configFile: file })).rejects.toThrow(
      'robots[0].flow[0].bytes: expected number',
    );
    await expect(
      startSandbox({ config: { robots: [{ name: 'x', flow: [{ type: 'wait', ms: -1 }] }] } }),
    ).rejects.toThrow('invalid config: robots[0].flow[0].ms: Too small');
  });

  test('file robots replace demo robots of the same name; object robots come after the file', async () => {
    const file = await fileWith(
      'robots.json',
      JSON.stringify({
        robots: [
          { name: 'echo', token: 'file-echo', flow: [] },
          { name: 'shared', token: 'from-file', flow: [] },
        ],
        queryRequiresToken: true,
      }),
    );
    const sandbox = await startSandbox({
      configFile: file,
      config: { robots: [{ name: 'shared', token: 'from-object', flow: [] }] },
    });
    try {
      expect(sandbox.tokenOf('echo')).toBe('file-echo');
      expect(sandbox.tokenOf('shared')).toBe('from-object');
      expect(sandbox.robots.map((r) => r.name)).toEqual([...demoRobotNames, 'shared']);
      expect(() => sandbox.tokenOf('nobody')).toThrow('unknown robot "nobody"');
    } finally {
      await sandbox.close();
    }
  });
});
