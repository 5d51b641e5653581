import keytar from 'keytar';
import { afterEach, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { openCoreHarness, type CoreHarness } from '../support/coreHarness.ts';
import { systemClock } from '../../src/core/clock.ts';
import { FakeClock } from '../support/fakeClock.ts';

const SERVICE = 'robot-tray';
const originOf = (url: string) => new URL(url).origin;
const accountsOf = async (robotId: string) =>
  (await keytar.findCredentials(SERVICE))
    .map((c) => c.account)
    .filter((a) => a === robotId || a.startsWith(`${robotId}@`))
    .sort();

/**
 * A stored token belongs to the origin it was set for (issue 20, section 1):
 * against two sandboxes over real HTTP and the real (test) keychain.
 */
describe('a token stays with its origin', () => {
  let h: CoreHarness;
  let other: Sandbox | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
    await h?.close();
  });

  async function twoServices(core = {}) {
    h = await openCoreHarness({ core });
    other = await startSandbox({ demoRobots: false, seed: 8 });
    other.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    const robot = await h.addRobot({
      name: 'Echo',
      flow: [{ type: 'wait', ms: 60_000 }, { type: 'finish' }],
    });
    return { robot, first: h.sandbox, second: other };
  }

  test('after the address moves to another origin the token is not sent until the move is confirmed', async () => {
    const { robot, first, second } = await twoServices();
    const token = first.tokenOf('Echo');
    const moved = await h.core.updateRobot(robot.id, { baseUrl: second.baseUrl });
    expect(moved.hasToken).toBe(false);
    expect(moved.tokenSuspended).toEqual({ from: originOf(first.baseUrl), to: originOf(second.baseUrl) });
    const refusal = h.core.fire(robot.id, { method: 'POST', args: {} });
    await expect(refusal).rejects.toMatchObject({ kind: 'validation' });
    const message = ((await refusal.catch((e: unknown) => e)) as Error).message;
    expect(message).toContain(`was set for ${originOf(first.baseUrl)}`);
    expect(message).toContain(`now points at ${originOf(second.baseUrl)}`);
    expect(message).toContain('robot-tray token move "Echo"');
    expect(second.requests()).toEqual([]);
    expect(h.core.listCalls()).toEqual([]);
    expect(await h.core.tokenStatus(robot.id)).toMatchObject({
      hasToken: false,
      suspended: { from: originOf(first.baseUrl), to: originOf(second.baseUrl) },
    });

    const confirmed = await h.core.moveToken(robot.id);
    expect(confirmed).toMatchObject({ hasToken: true, suspended: null, changed: true });
    expect(await accountsOf(robot.id)).toEqual([`${robot.id}@${originOf(second.baseUrl)}`]);
    await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(second.requests().map((r) => r.headers['x-service-token'])).toEqual([token]);
  });

  test('a confirmed move keeps the date the token was set: "Set since" does not become the move', async () => {
    // The wall clock moved by hand, the timers real.
    let now = Date.UTC(2026, 10, 21, 9, 0, 0);
    const clock = { ...systemClock, now: () => now };
    const { robot, second } = await twoServices({ clock });
    const setAt = robot.tokenUpdatedAt;
    expect(setAt).toBe(now);
    now += 3 * 86_400_000;
    await h.core.updateRobot(robot.id, { baseUrl: second.baseUrl });
    now += 60_000;
    const confirmed = await h.core.moveToken(robot.id);
    expect(confirmed).toMatchObject({ hasToken: true, suspended: null, updatedAt: setAt, changed: true });
    expect(await h.core.tokenStatus(robot.id)).toMatchObject({ hasToken: true, updatedAt: setAt });
    // A token set anew is dated anew.
    now += 60_000;
    const replaced = await h.core.setToken(robot.id, second.tokenOf('Echo'));
    expect(replaced.updatedAt).toBe(now);
  });

  test('turning on plain http to the same host is another origin: the token is suspended too', async () => {
    const { robot, first } = await twoServices();
    // The sandbox listens on 127.0.0.1; "localhost" names the same service at another origin.
    const elsewhere = first.baseUrl.replace('127.0.0.1', 'localhost');
    const moved = await h.core.updateRobot(robot.id, { baseUrl: elsewhere, allowInsecureHttp: true });
    expect(moved.tokenSuspended).toEqual({ from: originOf(first.baseUrl), to: originOf(elsewhere) });
    const before = first.requests().length;
    await expect(h.core.fire(robot.id, { method: 'POST', args: {} })).rejects.toThrow(/not send it there/);
    expect(first.requests().length).toBe(before);
  });

  test('a call fired before the move is queried at its own origin only, with the token bound there', async () => {
    const clock = new FakeClock();
    const { robot, first, second } = await twoServices({ clock, random: () => 0.999 });
    const call = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(call).toMatchObject({ state: 'waiting', origin: originOf(first.baseUrl), basePath: '' });
    await h.core.updateRobot(robot.id, { baseUrl: second.baseUrl });
    const before = h.core.getCall(call.id).pollCount;
    clock.runNext();
    await h.waitForCall(call.id, (c) => c.pollCount > before);
    expect(second.requests()).toEqual([]);
    const queries = first.requests().filter((r) => r.method === 'GET');
    expect(queries).toHaveLength(1);
    expect(queries[0]!.headers['x-service-token']).toBe(first.tokenOf('Echo'));

    // Once the token moves to the new origin, the old call is still queried
    // at its own origin, now without a token: none is bound there any more.
    await h.core.moveToken(robot.id);
    const again = h.core.getCall(call.id).pollCount;
    clock.runNext();
    await h.waitForCall(call.id, (c) => c.pollCount > again);
    expect(second.requests()).toEqual([]);
    const last = first
      .requests()
      .filter((r) => r.method === 'GET')
      .at(-1)!;
    expect(last.headers['x-service-token']).toBeUndefined();
  });

  test('clearing the token and deleting the robot delete every keychain entry of it', async () => {
    const { robot, second } = await twoServices();
    await keytar.setPassword(SERVICE, `${robot.id}@https://stray.example`, 'stray-token-value-0000');
    await h.core.updateRobot(robot.id, { baseUrl: second.baseUrl });
    expect((await h.core.clearToken(robot.id)).changed).toBe(true);
    expect(await accountsOf(robot.id)).toEqual([]);
    await h.core.setToken(robot.id, 'another-token-value-0000');
    await keytar.setPassword(SERVICE, `${robot.id}@https://stray.example`, 'stray-token-value-0000');
    await h.core.deleteRobot(robot.id);
    expect(await accountsOf(robot.id)).toEqual([]);
  });
});
