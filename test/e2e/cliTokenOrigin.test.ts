import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import type { Call } from '../../src/shared/models/call.ts';
import type { RobotView } from '../../src/shared/models/robot.ts';
import { CliHarness } from '../support/cliHarness.ts';

const originOf = (url: string) => new URL(url).origin;
const tokensSeen = (sandbox: Sandbox) => sandbox.requests().map((r) => r.headers['x-service-token']);

/** From the command line: a robot's token goes only to the origin it was set for, or moved to with consent. */
describe('robot-tray and a token bound to its origin', () => {
  let h: CliHarness;
  let second: Sandbox;
  let first: string;
  let moved: string;
  beforeAll(async () => {
    h = await CliHarness.open();
    second = await startSandbox({ demoRobots: false, seed: 2 });
    await h.addRobot({
      name: 'Echo',
      flow: [
        { type: 'wait', ms: 300 },
        { type: 'respond', echo: true },
      ],
    });
    // The same robot moved to another server, with the same token.
    second.addRobot({
      name: 'Echo',
      flow: [{ type: 'respond', echo: true }],
      token: h.sandbox.tokenOf('Echo'),
    });
    first = originOf(h.sandbox.baseUrl);
    moved = originOf(second.baseUrl);
  });
  afterAll(async () => {
    await second?.close();
    await h?.close();
  });

  test('robot edit --base-url elsewhere suspends the token; fire refuses naming both origins; token move confirms', async () => {
    const edit = await h.run(['robot', 'edit', 'Echo', '--base-url', second.baseUrl]);
    expect(edit.code).toBe(0);
    expect(edit.stdout).toContain(`was set for ${first}, and the robot now points at ${moved}`);
    expect(edit.stdout).toContain('robot-tray token move "Echo"');

    const fire = await h.run(['fire', 'Echo']);
    expect(fire.code).toBe(2);
    expect(fire.stderr).toContain(`was set for ${first}`);
    expect(fire.stderr).toContain(moved);
    expect(second.requests()).toEqual([]);

    const status = await h.json<{ hasToken: boolean; suspended: unknown }>(['token', 'status', 'Echo']);
    expect(status).toMatchObject({ hasToken: false, suspended: { from: first, to: moved } });
    const list = await h.run(['robot', 'list']);
    expect(list.stdout).toContain(`set for ${first}, not confirmed`);

    const move = await h.run(['token', 'move', 'Echo']);
    expect(move.stdout).toBe(`The token of robot "Echo" set for ${first} is now used for ${moved}.\n`);
    expect((await h.run(['fire', 'Echo'])).code).toBe(0);
    expect(tokensSeen(second)).toEqual([h.sandbox.tokenOf('Echo')]);
  });

  test('robot edit --base-url … --move-token moves the token in the same step', async () => {
    const before = h.sandbox.requests().length;
    const edited = await h.json<RobotView>([
      'robot',
      'edit',
      'Echo',
      '--base-url',
      h.sandbox.baseUrl,
      '--move-token',
    ]);
    expect(edited).toMatchObject({ hasToken: true, tokenSuspended: null, tokenOrigin: first });
    const fired = await h.run(['fire', 'Echo', '--wait', '--json']);
    expect(fired.code).toBe(0);
    expect((JSON.parse(fired.stdout) as Call).state).toBe('done');
    expect(h.sandbox.requests().length).toBeGreaterThan(before);
  });

  test('a call fired before the edit is followed at its own origin, never at the new one', async () => {
    const call = await h.json<Call>(['fire', 'Echo']);
    expect(call).toMatchObject({ state: 'waiting', origin: first });
    const seenBySecond = second.requests().length;
    await h.run(['robot', 'edit', 'Echo', '--base-url', second.baseUrl, '--move-token']);
    const done = await h.run(['status', call.id, '--wait', '--json']);
    expect(done.code).toBe(0);
    expect((JSON.parse(done.stdout) as Call).state).toBe('done');
    expect(second.requests().length).toBe(seenBySecond);
    const queries = h.sandbox.requests().filter((r) => r.method === 'GET');
    expect(queries.length).toBeGreaterThan(0);
    // The token moved to the new origin: the old call's queries carry none.
    expect(queries.at(-1)!.headers['x-service-token']).toBeUndefined();
  });
});
