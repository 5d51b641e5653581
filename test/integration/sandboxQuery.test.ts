import { request } from 'undici';
import { afterEach, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.ts';

const TRIGGER = '/main/public/webhook/request';
const QUERY = '/prod/1/customer/robot/webhookResponse/';

type Answer = { status: number; contentType: unknown; body: unknown };

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function start(options: SandboxOptions): Promise<Sandbox> {
  sandbox = await startSandbox({ demoRobots: false, ...options });
  return sandbox;
}

async function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await request((sandbox as Sandbox).baseUrl + path, { headers });
  return { status: res.statusCode, contentType: res.headers['content-type'], body: await res.body.json() };
}

async function trigger(robot: string, args: object = {}): Promise<string> {
  const s = sandbox as Sandbox;
  const res = await request(s.baseUrl + TRIGGER, {
    method: 'POST',
    headers: { 'x-service-token': s.tokenOf(robot), 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  expect(res.statusCode).toBe(200);
  return ((await res.body.json()) as { webhookCallId: string }).webhookCallId;
}

const NOT_FOUND = { error: { code: 'call_not_found', message: expect.any(String) } };

describe('sandbox query endpoint', () => {
  test('WAITING while the robot runs, then DONE with the Respond object', async () => {
    await start({
      config: {
        robots: [
          {
            name: 'respond-later',
            flow: [
              { type: 'wait', ms: 600_000 },
              {
                type: 'respond',
                pick: ['order', 'missing'],
                constants: { ok: true, order: 'constant wins' },
              },
            ],
          },
        ],
      },
    });
    const id = await trigger('respond-later', { order: 7, other: 'dropped' });
    expect(await get(QUERY + id)).toEqual({
      status: 200,
      contentType: 'application/json',
      body: { status: 'WAITING' },
    });
    expect(sandbox?.skipWait(id)).toBe(true);
    expect(sandbox?.skipWait(id)).toBe(false);
    expect(await get(QUERY + id)).toEqual({
      status: 200,
      contentType: 'application/json',
      body: { status: 'DONE', response: { order: 'constant wins', ok: true } },
    });
  });

  test('pick without constants copies only the named arguments', async () => {
    await start({ config: { robots: [{ name: 'pick', flow: [{ type: 'respond', pick: ['b', 'a'] }] }] } });
    const id = await trigger('pick', { a: 1, b: [2], c: 3 });
    expect((await get(QUERY + id)).body).toEqual({ status: 'DONE', response: { b: [2], a: 1 } });
  });

  test('a generated response is about the requested size', async () => {
    await start({
      config: { robots: [{ name: 'big', flow: [{ type: 'respondGenerated', bytes: 200_000 }] }] },
    });
    const id = await trigger('big');
    const res = await request((sandbox as Sandbox).baseUrl + QUERY + id);
    const text = await res.body.text();
    const parsed = JSON.parse(text) as { status: string; response: { rows: unknown[] } };
    expect(parsed.status).toBe('DONE');
    const size = JSON.stringify(parsed.response).length;
    expect(size).toBeGreaterThan(200_000 - 200);
    expect(size).toBeLessThanOrEqual(200_000);
  });

  test('unknown ids, extra path segments and bad escapes are 404 in the error shape', async () => {
    await start({});
    for (const path of [QUERY + 'no-such-call', QUERY + 'a/b', QUERY + '%E0%A4%A', QUERY]) {
      expect(await get(path)).toEqual({ status: 404, contentType: 'application/json', body: NOT_FOUND });
    }
  });

  test('a hostile id arrives as one percent-encoded segment and is simply not found', async () => {
    await start({});
    const hostile = encodeURIComponent('../../main/public/webhook/request?x=1#y');
    expect((await get(QUERY + hostile)).status).toBe(404);
    const logged = sandbox?.requests().at(-1);
    expect(logged?.path).toBe(QUERY + hostile);
  });

  test('a settled result is kept for retentionMs and then is 404; a running call never expires', async () => {
    let clock = 1_000_000;
    await start({
      now: () => clock,
      retentionMs: 60_000,
      config: {
        robots: [
          { name: 'quick', flow: [{ type: 'respond', echo: true }] },
          { name: 'long', flow: [{ type: 'wait', ms: 600_000 }] },
        ],
      },
    });
    const done = await trigger('quick', { a: 1 });
    const running = await trigger('long');
    clock += 59_999;
    expect((await get(QUERY + done)).body).toEqual({ status: 'DONE', response: { a: 1 } });
    clock += 1;
    expect(await get(QUERY + done)).toEqual({
      status: 404,
      contentType: 'application/json',
      body: NOT_FOUND,
    });
    expect(sandbox?.calls().map((c) => c.webhookCallId)).toEqual([running]);
    clock += 10 * 3_600_000;
    expect((await get(QUERY + running)).body).toEqual({ status: 'WAITING' });
  });

  describe('what the query shows after a run without a response, or a failed run', () => {
    const flows = {
      ends: [{ type: 'finish' as const }],
      runsOut: [],
      fails: [{ type: 'fail' as const, message: 'boom' }],
    };

    test('defaults: WAITING after no response, FAILED with the message after a failure', async () => {
      await start({
        config: {
          robots: [
            { name: 'ends', flow: flows.ends },
            { name: 'runs-out', flow: flows.runsOut },
            { name: 'fails', flow: flows.fails },
          ],
        },
      });
      expect((await get(QUERY + (await trigger('ends')))).body).toEqual({ status: 'WAITING' });
      expect((await get(QUERY + (await trigger('runs-out')))).body).toEqual({ status: 'WAITING' });
      expect(await get(QUERY + (await trigger('fails')))).toEqual({
        status: 200,
        contentType: 'application/json',
        body: { status: 'FAILED', error: { message: 'boom' } },
      });
      expect(sandbox?.calls().map((c) => c.status)).toEqual(['FINISHED', 'FINISHED', 'FAILED']);
    });

    test.each([
      ['done-empty', 200, { status: 'DONE', response: {} }],
      ['finished-status', 200, { status: 'FINISHED' }],
      ['not-found', 404, NOT_FOUND],
    ] as const)('afterNoResponse %s', async (mode, status, body) => {
      await start({ afterNoResponse: mode, config: { robots: [{ name: 'ends', flow: flows.ends }] } });
      expect(await get(QUERY + (await trigger('ends')))).toEqual({
        status,
        contentType: 'application/json',
        body,
      });
    });

    test.each([
      ['waiting', 200, { status: 'WAITING' }],
      ['http-500', 500, { error: { code: 'robot_failed', message: expect.stringContaining('boom') } }],
      ['not-found', 404, NOT_FOUND],
    ] as const)('afterFailure %s', async (mode, status, body) => {
      await start({ config: { afterFailure: mode, robots: [{ name: 'fails', flow: flows.fails }] } });
      expect(await get(QUERY + (await trigger('fails')))).toEqual({
        status,
        contentType: 'application/json',
        body,
      });
    });

    test('a robot can override the global choice, and a failure after a response keeps DONE', async () => {
      await start({
        afterNoResponse: 'not-found',
        config: {
          robots: [
            { name: 'ends', flow: flows.ends, afterNoResponse: 'finished-status' },
            { name: 'responds-then-fails', flow: [{ type: 'respond', constants: { a: 1 } }, ...flows.fails] },
          ],
        },
      });
      expect((await get(QUERY + (await trigger('ends')))).body).toEqual({ status: 'FINISHED' });
      const id = await trigger('responds-then-fails');
      expect((await get(QUERY + id)).body).toEqual({ status: 'DONE', response: { a: 1 } });
      expect(sandbox?.calls().find((c) => c.webhookCallId === id)).toMatchObject({
        status: 'DONE',
        running: false,
      });
    });
  });

  test('a random wait uses the injected random source', async () => {
    await start({
      random: () => 0,
      config: {
        robots: [
          { name: 'r', flow: [{ type: 'waitRandom', minMs: 0, maxMs: 600_000 }, { type: 'respond' }] },
        ],
      },
    });
    // random() = 0 picks the minimum, 0 ms: the call settles without waiting minutes.
    const id = await trigger('r');
    expect((await sandbox?.whenSettled(id))?.status).toBe('DONE');
  });

  describe('queryRequiresToken', () => {
    test('off (default): the query needs no token', async () => {
      await start({ config: { robots: [{ name: 'a', flow: [{ type: 'respond' }] }] } });
      expect((await get(QUERY + (await trigger('a')))).status).toBe(200);
    });

    test("on: missing 401, unknown 401, another robot's token 404, the call's robot 200", async () => {
      await start({
        queryRequiresToken: true,
        config: {
          robots: [
            { name: 'a', flow: [{ type: 'respond' }] },
            { name: 'b', flow: [] },
          ],
        },
      });
      const s = sandbox as Sandbox;
      const id = await trigger('a');
      const missing = await get(QUERY + id);
      expect(missing).toMatchObject({ status: 401, body: { error: { code: 'missing_token' } } });
      expect(await get(QUERY + id, { 'x-service-token': 'wrong' })).toMatchObject({
        status: 401,
        body: { error: { code: 'invalid_token' } },
      });
      expect((await get(QUERY + id, { 'x-service-token': s.tokenOf('b') })).body).toEqual(NOT_FOUND);
      expect((await get(QUERY + id, { 'x-service-token': s.tokenOf('a') })).body).toEqual({
        status: 'DONE',
        response: {},
      });
      const old = s.tokenOf('a');
      s.rotateToken('a');
      expect((await get(QUERY + id, { 'x-service-token': old })).status).toBe(401);
    });
  });
});

describe('startSandbox close()', () => {
  test('stops listening, cancels running flows and rejects pending whenSettled', async () => {
    const s = await start({ config: { robots: [{ name: 'long', flow: [{ type: 'wait', ms: 600_000 }] }] } });
    const id = await trigger('long');
    const settled = s.whenSettled(id);
    await s.close();
    await expect(settled).rejects.toThrow('sandbox closed');
    await expect(request(s.baseUrl + QUERY + id)).rejects.toThrow();
    await s.close(); // idempotent
  });

  test('binds 127.0.0.1 on a free port by default', async () => {
    const s = await start({});
    expect(s.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
