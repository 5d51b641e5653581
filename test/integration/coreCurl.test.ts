import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CallRecord } from '../../src/sandbox/calls.ts';
import type { RobotView } from '../../src/shared/models/robot.ts';
import { addSandboxRobot, openCoreHarness, type CoreHarness } from '../support/coreHarness.ts';

const run = promisify(execFile);

/**
 * The "Copy as cURL" command, run as a robot author would paste it: by a POSIX
 * shell, with the token in $ROBOT_TOKEN, against the sandbox. What the robot
 * receives is the check, not the command's spelling.
 */
describe('the copied curl command runs as is', () => {
  let h: CoreHarness;
  let robot: RobotView;
  let token: string;

  beforeAll(async () => {
    h = await openCoreHarness();
    ({ robot, token } = await addSandboxRobot(h.core, h.sandbox, {
      name: 'echo',
      flow: [{ type: 'respond', echo: true }],
    }));
  });
  afterAll(async () => {
    await h.core.clearToken(robot.id);
    await h.close();
  });

  async function curlFor(request: unknown): Promise<string> {
    const command = await h.core.curlCommand(robot.id, request);
    expect(command).not.toContain(token);
    return command;
  }

  function shell(command: string, env: Record<string, string | undefined>) {
    return run('sh', ['-c', command], { env: { ...process.env, ...env }, timeout: 10_000 });
  }

  /** Runs the command with the robot's token; the robot's call as the sandbox saw it. */
  async function received(request: unknown): Promise<CallRecord> {
    const { stdout } = await shell(await curlFor(request), { ROBOT_TOKEN: token });
    const { webhookCallId } = JSON.parse(stdout) as { webhookCallId: string };
    return h.sandbox.whenSettled(webhookCallId);
  }

  test('POST: JSON arguments with quotes and shell characters reach the robot unchanged', async () => {
    const args = {
      name: "O'Brien",
      note: 'a $HOME `id` "quoted" \\ back',
      n: 1.5,
      nested: { list: [1, null, true] },
    };
    const call = await received({ method: 'POST', args });
    expect(call.method).toBe('POST');
    expect(call.args).toEqual(args);
    expect(call.response).toEqual(args);
    expect(h.sandbox.requests().at(-1)?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-service-token': token,
    });
  });

  test('GET: arguments travel in the query string', async () => {
    const call = await received({ method: 'GET', args: { name: 'Ana Maria', q: "a&b=c'd" } });
    expect(call.method).toBe('GET');
    expect(call.args).toEqual({ name: 'Ana Maria', q: "a&b=c'd" });
  });

  test("a preset's arguments and method, with the arguments given now over them or instead of them", async () => {
    const preset = await h.core.createPreset({
      robotId: robot.id,
      name: 'nightly',
      method: 'GET',
      args: { region: 'eu', day: 'mon' },
    });
    const merged = await received({ presetId: preset.id, args: { day: 'tue' } });
    expect(merged.method).toBe('GET');
    expect(merged.args).toEqual({ region: 'eu', day: 'tue' });

    const replaced = await received({
      presetId: preset.id,
      method: 'POST',
      args: { day: 'wed' },
      replaceArgs: true,
    });
    expect(replaced.method).toBe('POST');
    expect(replaced.args).toEqual({ day: 'wed' });
  });

  test('without $ROBOT_TOKEN the shell stops, says what to set, and nothing reaches the robot', async () => {
    const command = await curlFor({ method: 'POST', args: { n: 1 } });
    const before = h.sandbox.requests().length;
    for (const value of [undefined, '']) {
      const failure = await shell(command, { ROBOT_TOKEN: value }).then(
        () => undefined,
        (error: unknown) => error as { code: number; stderr: string },
      );
      expect(failure?.code).not.toBe(0);
      expect(failure?.stderr).toContain('set ROBOT_TOKEN to the robot webhook token first');
    }
    expect(h.sandbox.requests()).toHaveLength(before);
  });
});
