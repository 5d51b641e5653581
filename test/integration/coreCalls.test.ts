import { afterEach, describe, expect, test } from 'vitest';
import type { Call } from '../../src/shared/models/call.ts';
import { whenCall } from '../support/coreEvents.ts';
import { openCoreHarness, type CoreHarness } from '../support/coreHarness.ts';
import { FakeClock } from '../support/fakeClock.ts';
import { scriptedCores } from '../support/scriptedCore.ts';
import { json } from '../support/scriptedService.ts';

/**
 * Every state a call can reach, against the sandbox over real HTTP. Polling
 * runs on a fake clock: the test moves time, the sandbox answers for real.
 */
describe('call tracker against the sandbox', () => {
  let h: CoreHarness;
  let clock: FakeClock;

  async function open(sandbox = {}) {
    clock = new FakeClock();
    h = await openCoreHarness({ core: { clock, random: () => 0.999 }, sandbox });
    return h;
  }
  afterEach(async () => {
    await h?.close();
  });

  /** Fire the next poll and wait until the call leaves its current poll. */
  async function pollOnce(call: Call): Promise<Call> {
    const before = h.core.getCall(call.id).pollCount;
    clock.runNext();
    return h.waitForCall(call.id, (c) => c.pollCount > before);
  }

  test('POST: sending → waiting → done with the response, argument types kept', async () => {
    await open();
    const robot = await h.addRobot({
      name: 'Echo',
      flow: [{ type: 'respond', echo: true, constants: { ok: true } }],
    });
    const args = { customer: 'C-17', amount: 12.5, rush: true, note: null, tags: ['a', 'b'], meta: { x: 1 } };
    const seen: string[] = [];
    h.core.subscribe((e) => {
      if (e.type === 'calls') for (const c of e.calls) seen.push(c.state);
    });
    const fired = await h.core.fire(robot.id, { method: 'POST', args });
    expect(fired.state).toBe('waiting');
    expect(fired.webhookCallId).toEqual(expect.any(String));
    expect(fired.nextPollAt).toBe(clock.now() + 499);
    const done = await pollOnce(fired);
    expect(done.state).toBe('done');
    expect(done.response).toEqual({ ...args, ok: true });
    expect(done.warning).toBeNull();
    expect(done.timeline.map((t) => t.state)).toEqual(['sending', 'waiting', 'done']);
    expect(seen).toContain('done');
    expect(h.sandbox.calls()[0]?.args).toEqual(args);
  });

  test('GET: arguments travel as query parameters, arrays as repeated keys', async () => {
    await open();
    const robot = await h.addRobot({ name: 'Echo GET', flow: [{ type: 'respond', echo: true }] });
    const fired = await h.core.fire(robot.id, {
      method: 'GET',
      args: { q: 'a b', n: 3, on: true, empty: '', ids: ['1', 2] },
    });
    expect(fired.url).toBe(
      `${h.sandbox.baseUrl}/main/public/webhook/request?q=a+b&n=3&on=true&empty=&ids=1&ids=2`,
    );
    const done = await pollOnce(fired);
    expect(done.response).toEqual({ q: 'a b', n: '3', on: 'true', empty: '', ids: ['1', '2'] });
    const trigger = h.sandbox.requests().find((r) => r.path.includes('/main/public/webhook/request'));
    expect(trigger?.method).toBe('GET');
  });

  test('GET with a nested object is refused before anything is sent', async () => {
    await open();
    const robot = await h.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    await expect(h.core.fire(robot.id, { method: 'GET', args: { order: { id: 1 } } })).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringContaining('POST'),
    });
    expect(h.sandbox.requests()).toHaveLength(0);
    expect(h.core.listCalls()).toHaveLength(0);
  });

  test('arguments named "__proto__" or holding Infinity are refused by name, not dropped', async () => {
    await open();
    const robot = await h.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    await expect(
      h.core.fire(robot.id, { method: 'POST', args: JSON.parse('{"__proto__": 1, "x": 1}') as object }),
    ).rejects.toThrow(/__proto__/);
    await expect(h.core.fire(robot.id, { method: 'POST', args: { a: Infinity } })).rejects.toThrow(
      /args\.a: must be a JSON value/,
    );
    expect(h.sandbox.requests()).toHaveLength(0);
  });

  test('a preset fires with its arguments, overridden by the ones given now', async () => {
    await open();
    const robot = await h.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
    const preset = await h.core.createPreset({
      robotId: robot.id,
      name: 'Rush order',
      args: { a: 1, b: 'x' },
    });
    const fired = await h.core.fire(robot.id, { presetId: preset.id, args: { b: 'y' } });
    expect(fired.presetName).toBe('Rush order');
    expect(fired.args).toEqual({ a: 1, b: 'y' });
    expect((await pollOnce(fired)).response).toEqual({ a: 1, b: 'y' });
  });

  test('rejected: a revoked token is an http error naming the fix, without the token', async () => {
    await open();
    const robot = await h.addRobot({ name: 'Rotated', flow: [{ type: 'respond', echo: true }] });
    const oldToken = h.sandbox.tokenOf('Rotated');
    h.sandbox.rotateToken('Rotated');
    const call = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('rejected');
    expect(call.error).toMatchObject({ kind: 'http', status: 401 });
    expect(call.error?.message).toMatch(/Designer/);
    expect(JSON.stringify(call)).not.toContain(oldToken);
  });

  test('unreachable: nothing listening', async () => {
    await open();
    const robot = await h.addRobot({ name: 'Gone', flow: [] });
    const port = new URL(h.sandbox.baseUrl).port;
    await h.sandbox.close();
    const call = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unreachable');
    expect(call.error?.kind).toBe('network');
    expect(call.error?.message).toContain(`127.0.0.1:${port}`);
  });

  test('unknown: the connection breaks after the trigger was processed, and it is not retried', async () => {
    await open();
    const robot = await h.addRobot({
      name: 'Dropper',
      flow: [{ type: 'respond', echo: true }],
      faults: { trigger: { drop: { rate: 1, stage: 'after' } } },
    });
    const call = await h.core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unknown');
    expect(call.error?.message).toMatch(/may or may not have started/);
    expect(h.sandbox.calls()).toHaveLength(1);
    expect(h.core.watchingCount).toBe(0);
  });

  test('expired: the query answers 404 once the result is gone', async () => {
    let serviceNow = Date.now();
    await open({ now: () => serviceNow, retentionMs: 1_000 });
    const robot = await h.addRobot({
      name: 'Quick',
      flow: [{ type: 'finish' }],
      afterNoResponse: 'done-empty',
    });
    const fired = await h.core.fire(robot.id, { method: 'POST', args: {} });
    await h.sandbox.whenSettled(fired.webhookCallId!);
    serviceNow += 2_000;
    const expired = await pollOnce(fired);
    expect(expired.state).toBe('expired');
    expect(expired.error).toMatchObject({ kind: 'http', status: 404 });
  });

  test('stopped by the user, then resumed to done', async () => {
    await open();
    const robot = await h.addRobot({
      name: 'Slow',
      flow: [
        { type: 'wait', ms: 3_600_000 },
        { type: 'respond', echo: true },
      ],
    });
    const fired = await h.core.fire(robot.id, { method: 'POST', args: { k: 1 } });
    const waiting = await pollOnce(fired);
    expect(waiting.state).toBe('waiting');
    const stopped = h.core.stopCall(fired.id);
    expect(stopped.state).toBe('stopped');
    expect(h.core.watchingCount).toBe(0);
    h.sandbox.skipWait(fired.webhookCallId!);
    await h.sandbox.whenSettled(fired.webhookCallId!);
    const resumed = await h.core.resumeCall(fired.id);
    expect(resumed.state).toBe('waiting');
    const done = await pollOnce(resumed);
    expect(done.state).toBe('done');
    expect(done.timeline.map((t) => t.state)).toEqual(['sending', 'waiting', 'stopped', 'waiting', 'done']);
  });

  test('stopped when the watch deadline passes while still WAITING', async () => {
    await open();
    const robot = await h.addRobot(
      { name: 'Never', flow: [{ type: 'wait', ms: 3_600_000 }] },
      { pollPolicy: { watchDeadlineMs: 5_000 } },
    );
    const fired = await h.core.fire(robot.id, { method: 'POST', args: {} });
    let call = fired;
    while (call.state === 'waiting') call = await pollOnce(call);
    expect(call.state).toBe('stopped');
    expect(call.timeline.at(-1)?.note).toMatch(/deadline/);
    expect(call.lastPolledAt).toBe(fired.acceptedAt! + 5_000);
  });

  test("failed: the sandbox's FAILED run ends failed, with the raw status and the robot's words, and is final", async () => {
    await open();
    const robot = await h.addRobot({ name: 'Crashy', flow: [{ type: 'fail', message: 'disk full' }] });
    const fired = await h.core.fire(robot.id, { method: 'POST', args: {} });
    await h.sandbox.whenSettled(fired.webhookCallId!);
    const call = await pollOnce(fired);
    expect(call.state).toBe('failed');
    expect(call.rawStatus).toBe('FAILED');
    expect(call.error?.message).toBe('The robot said: disk full.');
    expect(call.response).toMatchObject({ status: 'FAILED', error: { message: 'disk full' } });
    await expect(h.core.resumeCall(call.id)).rejects.toThrow(/cannot be resumed/);
  });

  test('transient query failures keep the call waiting, counted, until the service recovers', async () => {
    await open();
    const robot = await h.addRobot({ name: 'Flaky', flow: [{ type: 'respond', echo: true }] });
    h.sandbox.setFaults({ query: { serverError: { rate: 1, status: 503 } } }, 'Flaky');
    const fired = await h.core.fire(robot.id, { method: 'POST', args: {} });
    let call = await pollOnce(fired);
    call = await pollOnce(call);
    expect(call.state).toBe('waiting');
    expect(call.error).toMatchObject({ kind: 'http', status: 503, count: 2 });
    h.sandbox.setFaults({}, 'Flaky');
    call = await pollOnce(call);
    expect(call.state).toBe('done');
    expect(call.error).toBeNull();
  });

  test.each(['seconds', 'http-date'] as const)(
    'Retry-After in %s form delays the next poll',
    async (format) => {
      await open({ now: () => clock.now() });
      const robot = await h.addRobot({ name: 'Limited', flow: [{ type: 'respond', echo: true }] });
      h.sandbox.setFaults(
        { query: { tooManyRequests: { rate: 1, retryAfterSeconds: 7, retryAfterFormat: format } } },
        'Limited',
      );
      const fired = await h.core.fire(robot.id, { method: 'POST', args: {} });
      const limited = await pollOnce(fired);
      expect(limited.error).toMatchObject({ status: 429 });
      // An HTTP-date has whole-second resolution, so it can fall up to 1 s short.
      const floor = format === 'seconds' ? 7_000 : 6_000;
      expect(limited.nextPollAt! - limited.lastPolledAt!).toBeGreaterThanOrEqual(floor);
      expect(limited.nextPollAt! - limited.lastPolledAt!).toBeLessThanOrEqual(7_000);
    },
  );

  test('the token goes in the header of trigger and query, and queries can leave it out', async () => {
    await open();
    const withToken = await h.addRobot({ name: 'A', flow: [{ type: 'respond', echo: true }] });
    const without = await h.addRobot(
      { name: 'B', flow: [{ type: 'respond', echo: true }] },
      { sendTokenOnQuery: false },
    );
    await pollOnce(await h.core.fire(withToken.id, { method: 'POST', args: {} }));
    await pollOnce(await h.core.fire(without.id, { method: 'GET', args: { x: '1' } }));
    const requests = h.sandbox.requests();
    const token = (name: string) => h.sandbox.tokenOf(name);
    for (const r of requests)
      expect(r.path + JSON.stringify(r)).not.toMatch(new RegExp(`[?&=]${token('A')}`));
    const queries = requests.filter((r) => r.path.includes('webhookResponse'));
    expect(queries[0]?.headers['x-service-token']).toBe(token('A'));
    expect(queries[1]?.headers['x-service-token']).toBeUndefined();
  });
});

/** Moments the sandbox never holds still for: a trigger not yet answered, a status it does not know. */
describe('calls against a scripted service', () => {
  const { service, coreFor } = scriptedCores({
    token: 'tok-scripted-calls-77c1',
    robotName: 'Scripted',
    prefix: 'robot-tray-calls-',
  });

  test('a call still being sent cannot be forgotten', async () => {
    let answer: () => void = () => undefined;
    const svc = await service((_req, res) => {
      answer = () => json(res, 200, { webhookCallId: 'late' });
    });
    const { core, robot } = await coreFor(svc.url);
    const firing = core.fire(robot.id, { method: 'POST', args: {} });
    await expect.poll(() => svc.seen.length).toBe(1);
    const [sending] = core.listCalls();
    expect(sending?.state).toBe('sending');
    expect(() => core.forgetCall(sending!.id)).toThrow(/still being sent/);
    answer();
    expect((await firing).state).toBe('waiting');
  });

  test('resuming an unexpected call drops the body it kept', async () => {
    const svc = await service((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'w-paused' })
        : json(res, 200, { status: 'PAUSED', detail: 'waiting for an operator' }),
    );
    const { core, robot, clock } = await coreFor(svc.url);
    const fired = await core.fire(robot.id, { method: 'POST', args: {} });
    const ended = whenCall(core, fired.id, (c) => c.state === 'unexpected');
    clock.runNext();
    await ended;
    expect(core.getCall(fired.id).response).toBeDefined();
    const resumed = await core.resumeCall(fired.id);
    expect(resumed.response).toBeUndefined();
    expect(core.getCall(fired.id).response).toBeUndefined();
  });
});
