import { PassThrough } from 'node:stream';
import { request } from 'undici';
import { afterEach, describe, expect, test } from 'vitest';
import { seededRandom, startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.ts';

const TRIGGER = '/main/public/webhook/request';
const QUERY = '/prod/1/customer/robot/webhookResponse/';

let sandbox: Sandbox;
afterEach(() => sandbox.close());

/** Two instant robots: `a` and `b`, with fixed tokens. */
async function start(options: SandboxOptions = {}): Promise<Sandbox> {
  sandbox = await startSandbox({
    demoRobots: false,
    ...options,
    config: {
      robots: [
        { name: 'a', token: 'token-a', flow: [{ type: 'respond', echo: true }] },
        { name: 'b', token: 'token-b', flow: [{ type: 'respond', echo: true }] },
      ],
      ...options.config,
    },
  });
  return sandbox;
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

async function trigger(token = 'token-a'): Promise<Answer> {
  const res = await request(sandbox.baseUrl + TRIGGER, {
    method: 'POST',
    headers: { 'x-service-token': token },
    body: '{"x":1}',
  });
  return { status: res.statusCode, headers: res.headers, body: await res.body.text() };
}

async function query(id: string): Promise<Answer> {
  const res = await request(sandbox.baseUrl + QUERY + id);
  return { status: res.statusCode, headers: res.headers, body: await res.body.text() };
}

function idOf(answer: Answer): string {
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.body) as { webhookCallId: string }).webhookCallId;
}

function errorCode(answer: Answer): string {
  expect(answer.headers['content-type']).toBe('application/json');
  return (JSON.parse(answer.body) as { error: { code: string } }).error.code;
}

describe('sandbox fault injection', () => {
  test.each([500, 502, 503] as const)(
    'serverError %i at rate 1 fails every trigger, and no call starts',
    async (status) => {
      await start();
      sandbox.setFaults({ trigger: { serverError: { rate: 1, status } } });
      for (let i = 0; i < 3; i += 1) {
        const answer = await trigger();
        expect(answer.status).toBe(status);
        expect(errorCode(answer)).toBe('injected_failure');
      }
      expect(sandbox.calls()).toEqual([]);
      sandbox.setFaults({});
      idOf(await trigger());
    },
  );

  test('a fractional rate follows the seeded random source exactly', async () => {
    await start({ seed: 42 });
    sandbox.setFaults({ trigger: { serverError: { rate: 0.5, status: 503 } } });
    const reference = seededRandom(42);
    const expected = Array.from({ length: 20 }, () => (reference() < 0.5 ? 503 : 200));
    const seen: number[] = [];
    for (let i = 0; i < 20; i += 1) seen.push((await trigger()).status);
    expect(seen).toEqual(expected);
    expect(new Set(seen)).toEqual(new Set([200, 503]));
  });

  test('trigger and query faults are separate', async () => {
    await start();
    sandbox.setFaults({ query: { serverError: { rate: 1, status: 502 } } });
    const id = idOf(await trigger());
    expect((await query(id)).status).toBe(502);
    sandbox.setFaults({ trigger: { serverError: { rate: 1, status: 500 } } });
    expect((await trigger()).status).toBe(500);
    expect((await query(id)).status).toBe(200);
  });

  test("a robot's faults apply to its own calls only, and win over the global ones kind by kind", async () => {
    await start({
      config: { faults: { trigger: { serverError: { rate: 1, status: 500 } } } },
    });
    sandbox.setFaults({ trigger: { serverError: { rate: 0, status: 503 } } }, 'b');
    expect((await trigger('token-a')).status).toBe(500);
    const idB = idOf(await trigger('token-b'));
    // A bad token names no robot: only the global faults apply.
    expect((await trigger('no-such-token')).status).toBe(500);

    sandbox.setFaults({}); // global cleared
    sandbox.setFaults({ query: { serverError: { rate: 1, status: 503 } } }, 'b');
    const idA = idOf(await trigger('token-a'));
    expect((await query(idA)).status).toBe(200);
    expect((await query(idB)).status).toBe(503);
    expect(() => sandbox.setFaults({}, 'nobody')).toThrow('unknown robot "nobody"');
  });

  test('429 with Retry-After in seconds', async () => {
    await start();
    sandbox.setFaults({ trigger: { tooManyRequests: { rate: 1, retryAfterSeconds: 7 } } });
    const answer = await trigger();
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toBe('7');
    expect(errorCode(answer)).toBe('rate_limited');
  });

  test('429 with Retry-After as an HTTP-date from the injected clock', async () => {
    const now = Date.UTC(2030, 0, 2, 3, 4, 5);
    await start({ now: () => now });
    const id = idOf(await trigger());
    sandbox.setFaults({
      query: { tooManyRequests: { rate: 1, retryAfterSeconds: 90, retryAfterFormat: 'http-date' } },
    });
    const answer = await query(id);
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toBe('Wed, 02 Jan 2030 03:05:35 GMT');
  });

  test('a dropped connection before the trigger is handled starts no robot', async () => {
    await start();
    sandbox.setFaults({ trigger: { drop: { rate: 1 } } });
    await expect(trigger()).rejects.toThrow();
    expect(sandbox.calls()).toEqual([]);
    expect(sandbox.requests()).toHaveLength(1);
  });

  test('a connection dropped after the trigger is handled leaves a started call the client never learns of', async () => {
    await start();
    sandbox.setFaults({ trigger: { drop: { rate: 1, stage: 'after' } } });
    await expect(trigger()).rejects.toThrow();
    expect(sandbox.calls()).toMatchObject([{ robot: 'a', args: { x: 1 }, status: 'DONE' }]);
  });

  test('a query dropped after headers delivers a truncated body', async () => {
    await start();
    const id = idOf(await trigger());
    sandbox.setFaults({ query: { drop: { rate: 1, stage: 'after' } } });
    const res = await request(sandbox.baseUrl + QUERY + id);
    expect(res.statusCode).toBe(200);
    await expect(res.body.text()).rejects.toThrow();
  });

  test('fixed latency delays the answer by at least that long', async () => {
    await start();
    sandbox.setFaults({ trigger: { latency: { ms: 150 } } });
    const started = performance.now();
    idOf(await trigger());
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  test('ranged latency is drawn from the random source', async () => {
    await start({ random: () => 0.5 });
    sandbox.setFaults({ query: { latency: { minMs: 100, maxMs: 300 } } });
    const id = idOf(await trigger());
    const started = performance.now();
    expect((await query(id)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
  });

  test('a token rotated while the body is still arriving is refused when the robot would start', async () => {
    await start();
    const body = new PassThrough();
    const pending = request(sandbox.baseUrl + TRIGGER, {
      method: 'POST',
      headers: { 'x-service-token': 'token-a' },
      body,
    });
    body.write('{"x":');
    // The request is in (its headers were accepted) but cannot finish until we end the body.
    await expect.poll(() => sandbox.requests().length, { interval: 5 }).toBe(1);
    sandbox.rotateToken('a');
    body.end('1}');
    const res = await pending;
    expect(res.statusCode).toBe(401);
    expect(((await res.body.json()) as { error: { code: string } }).error.code).toBe('invalid_token');
    expect(sandbox.calls()).toEqual([]);
  });

  test('a slow body arrives whole, in chunks spread over time', async () => {
    await start();
    const id = idOf(await trigger());
    sandbox.setFaults({ query: { slowBody: { chunkBytes: 8, intervalMs: 30 } } });
    const started = performance.now();
    const answer = await query(id);
    const elapsed = performance.now() - started;
    expect(JSON.parse(answer.body)).toEqual({ status: 'DONE', response: { x: 1 } });
    const chunks = Math.ceil(Buffer.byteLength(answer.body) / 8);
    expect(elapsed).toBeGreaterThanOrEqual((chunks - 1) * 30 - 5);
  });

  test('invalid faults are refused with the field named', () => {
    return start().then(() => {
      expect(() => sandbox.setFaults({ query: { serverError: { rate: 2, status: 503 } } })).toThrow(
        /query\.serverError\.rate/,
      );
      expect(() => sandbox.setFaults({ trigger: { serverError: { rate: 1, status: 404 as 500 } } })).toThrow(
        /trigger\.serverError\.status/,
      );
    });
  });
});
