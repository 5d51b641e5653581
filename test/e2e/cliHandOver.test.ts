import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import { CliHarness } from '../support/cliHarness.ts';
import { whenCall } from '../support/coreEvents.ts';

/**
 * Handing a run to its author: `report`, `save`, `show` and `diff` with a
 * saved call file, over calls fired through the core at the sandbox.
 */
describe('robot-tray report, save, show and diff with a saved call', () => {
  let h: CliHarness;
  let dir: string;
  /** A unique string used as the robot's token: it must appear in no report, file or output. */
  const canary = `canary-${randomUUID()}`;
  let done: Call;
  let second: Call;

  async function fire(args: Record<string, unknown>): Promise<Call> {
    const core = await h.core();
    const robot = (await core.listRobots()).find((r) => r.name === 'Ledger')!;
    const sent = await core.fire(robot.id, { method: 'POST', args: args as Call['args'] });
    const call = await whenCall(core, sent.id, (c) => c.state === 'done');
    return call;
  }

  beforeAll(async () => {
    h = await CliHarness.open();
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-handover-'));
    // The robot answers with its own token among its data: the core must have redacted it.
    await h.addRobot({
      name: 'Ledger',
      token: canary,
      flow: [{ type: 'respond', echo: true, constants: { echoedToken: canary, total: 3 } }],
    });
    done = await fire({ customer: 'C-17' });
    second = await fire({ customer: 'C-18' });
  });
  afterAll(async () => {
    // CliHarness.close checks that no token reached any output or data file.
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('the canary token is in no report, saved file or show output, though the robot sent it back', async () => {
    expect(h.secrets.has(canary)).toBe(true);
    const report = await h.run(['report', done.id]);
    expect(report).toMatchObject({ code: 0, stderr: '' });
    expect(report.stdout).toContain('## Robot Tray call: Ledger');
    expect(report.stdout).toContain('"customer": "C-17"');
    expect(report.stdout).toContain('[redacted]');
    const file = path.join(dir, 'canary.json');
    expect(await h.run(['save', done.id, file])).toMatchObject({ code: 0, stdout: '' });
    const bytes = await readFile(file);
    expect(bytes.includes(canary)).toBe(false);
    expect(bytes.toString()).toContain('"customer": "C-17"');
    const shown = await h.run(['show', file]);
    expect(shown.code).toBe(0);
    for (const text of [report.stdout, shown.stdout, shown.stderr]) expect(text).not.toContain(canary);
  });

  test('save then show gives the detail status gives, under a line saying it is a read-only file', async () => {
    const file = path.join(dir, 'round.json');
    const saved = await h.run(['save', done.id, file]);
    expect(saved.stderr).toMatch(
      /^Saved call .+ to .+round\.json \([\d,]+ bytes\)\. Open it with: robot-tray call show /,
    );
    const status = await h.run(['status', done.id]);
    const shown = await h.run(['show', file]);
    expect(shown).toMatchObject({ code: 0, stderr: '' });
    const [first, ...rest] = shown.stdout.split('\n');
    expect(first).toBe(`Saved call, read only, from ${file}`);
    expect(rest.join('\n')).toBe(status.stdout);
    // The report of the file is the report of the call, but for where the whole response is.
    const fromFile = await h.run(['report', file]);
    const fromCall = await h.run(['report', done.id]);
    expect(fromFile.stdout).toBe(fromCall.stdout);
    const written = path.join(dir, 'report.md');
    const toFile = await h.run(['report', done.id, '--output', written]);
    expect(toFile).toMatchObject({
      code: 0,
      stdout: '',
      stderr: `Wrote the report of call ${done.id} to ${written}.\n`,
    });
    expect(await readFile(written, 'utf8')).toBe(fromCall.stdout);
  });

  test('diff compares a saved call with a local call, either way round', async () => {
    const file = path.join(dir, 'diff.json');
    await h.run(['save', done.id, file]);
    const diff = await h.run(['diff', file, second.id]);
    expect(diff).toMatchObject({ code: 0, stderr: '' });
    expect(diff.stdout).toBe(
      `From call ${done.id} in ${file} to call ${second.id}, 1 difference:\n~ $.customer  "C-17" → "C-18"\n`,
    );
    const back = await h.run(['diff', second.id, file, '--json']);
    expect(JSON.parse(back.stdout)).toMatchObject({
      before: second.id,
      after: done.id,
      lines: [{ kind: 'changed', path: '$.customer' }],
    });
  });

  test('a file from a newer Robot Tray, a damaged, an oversized and a missing one are refused naming why', async () => {
    const newer = path.join(dir, 'newer.json');
    await writeFile(newer, JSON.stringify({ format: 'robot-tray-call', version: 7, call: {} }));
    const refused = await h.run(['show', newer]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `robot-tray: ${newer} was saved by a newer Robot Tray (call file version 7; this one reads version 1). ` +
        'Update Robot Tray to open it, or ask for the call to be saved again from the same version.\n',
    );
    const damaged = path.join(dir, 'damaged.json');
    await writeFile(damaged, '{"format":"robot-tray-call","version":1,"savedAt":1}');
    expect((await h.run(['diff', damaged, done.id])).stderr).toMatch(/damaged\.json is damaged: call: /);
    // Past 80 MiB (a sparse file: nothing is written, nothing is read).
    const huge = path.join(dir, 'huge.json');
    await writeFile(huge, '');
    await truncate(huge, 80 * 1024 * 1024 + 1);
    expect(await h.run(['show', huge])).toMatchObject({
      code: 2,
      stderr: `robot-tray: ${huge} is larger than 80 MiB. Choose a call file saved by Robot Tray.\n`,
    });
    const missing = await h.run(['show', path.join(dir, 'nowhere.json')]);
    expect(missing).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('nowhere.json does not exist'),
    });
  });
});
