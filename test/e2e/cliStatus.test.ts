import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import { CliHarness } from '../support/cliHarness.ts';

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
    const fired = JSON.parse((await h.run(['fire', 'Echo', '--arg', 'a=1', '--json'])).stdout) as Call;
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
    expect(stopped.stderr).toContain(`Resume it with: robot-tray status ${call.id} --wait`);
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
    const result = await h.run(['fire', 'Echo', '--args', `@${file}`, '--arg', 'n=3', '--wait', '--json']);
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

  test('a missing file and a second stdin are refused before anything is sent', async () => {
    const before = h.sandbox.requests().length;
    const missing = await h.run(['fire', 'Echo', '--args', `@${path.join(dir, 'nope.json')}`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--args @.*nope\.json: the file cannot be read \(ENOENT\)/);
    const twice = await h.run(['fire', 'Echo', '--args', '-', '--args', '-'], { input: '{}' });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('stdin can be read only once');
    expect(h.sandbox.requests().length).toBe(before);
  });
});
