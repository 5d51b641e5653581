import { once } from 'node:events';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';

const TRIGGER = '/main/public/webhook/request';
const QUERY = '/prod/1/customer/robot/webhookResponse/';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

async function send(
  sandbox: Sandbox,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  headers: Record<string, string> = {},
  body?: string | Readable,
): Promise<Answer> {
  const res = await request(sandbox.baseUrl + path, { method, headers, body });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

function expectError(answer: Answer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json');
  const body = JSON.parse(answer.text) as { error: { code: string; message: string } };
  expect(body).toEqual({ error: { code, message: expect.any(String) } });
  expect(body.error.message.length).toBeGreaterThan(10);
}

describe('sandbox trigger endpoint', () => {
  let sandbox: Sandbox;
  let token: string;
  const auth = (): Record<string, string> => ({ 'x-service-token': token });

  beforeAll(async () => {
    sandbox = await startSandbox({
      demoRobots: false,
      config: { robots: [{ name: 'echo-now', flow: [{ type: 'respond', echo: true }] }] },
    });
    token = sandbox.tokenOf('echo-now');
  });
  afterAll(() => sandbox.close());

  test('POST with a token answers 200 with a webhookCallId, and the flow sees the JSON types unchanged', async () => {
    const args = {
      n: 1.5,
      yes: true,
      nothing: null,
      list: [1, 'two', { three: 3 }],
      nested: { s: 'x' },
      text: '1',
    };
    const answer = await send(
      sandbox,
      'POST',
      TRIGGER,
      { ...auth(), 'content-type': 'application/json' },
      JSON.stringify(args),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    const { webhookCallId } = JSON.parse(answer.text) as { webhookCallId: string };
    expect(typeof webhookCallId).toBe('string');
    const call = sandbox.calls().find((c) => c.webhookCallId === webhookCallId);
    expect(call).toMatchObject({ robot: 'echo-now', method: 'POST', args, status: 'DONE' });

    const result = await send(sandbox, 'GET', QUERY + webhookCallId);
    expect(JSON.parse(result.text)).toEqual({ status: 'DONE', response: args });
  });

  test('GET takes arguments from the query string; a repeated key becomes an array', async () => {
    const answer = await send(sandbox, 'GET', `${TRIGGER}?a=1&tag=x&tag=y&tag=z&empty=&sp=a+b%20c`, auth());
    expect(answer.status).toBe(200);
    const { webhookCallId } = JSON.parse(answer.text) as { webhookCallId: string };
    const result = await send(sandbox, 'GET', QUERY + webhookCallId);
    expect(JSON.parse(result.text)).toEqual({
      status: 'DONE',
      response: { a: '1', tag: ['x', 'y', 'z'], empty: '', sp: 'a b c' },
    });
    expect(sandbox.calls().find((c) => c.webhookCallId === webhookCallId)?.method).toBe('GET');
  });

  test('an argument named __proto__ is kept as data', async () => {
    const answer = await send(sandbox, 'POST', TRIGGER, auth(), '{"__proto__":{"polluted":true},"a":1}');
    const { webhookCallId } = JSON.parse(answer.text) as { webhookCallId: string };
    const result = await send(sandbox, 'GET', QUERY + webhookCallId);
    expect(result.text).toBe('{"status":"DONE","response":{"__proto__":{"polluted":true},"a":1}}');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  test.each([
    ['POST', {}],
    ['GET', {}],
    ['POST', { 'x-service-token': '' }],
  ] as const)('%s without a token (%j): 401 missing_token', async (method, headers) => {
    expectError(
      await send(sandbox, method, TRIGGER, headers, method === 'POST' ? '{}' : undefined),
      401,
      'missing_token',
    );
  });

  test.each(['POST', 'GET'] as const)(
    '%s with an unknown token: 401 invalid_token, no call started',
    async (method) => {
      const before = sandbox.calls().length;
      const answer = await send(
        sandbox,
        method,
        TRIGGER,
        { 'x-service-token': 'not-a-token' },
        method === 'POST' ? '{}' : undefined,
      );
      expectError(answer, 401, 'invalid_token');
      expect(sandbox.calls().length).toBe(before);
    },
  );

  test('a token in the URL instead of the header is not accepted', async () => {
    expectError(await send(sandbox, 'GET', `${TRIGGER}?x-service-token=${token}`), 401, 'missing_token');
  });

  test('rotating the token revokes the old one at once', async () => {
    const robot = sandbox.addRobot({ name: 'rotating', flow: [{ type: 'respond', echo: true }] });
    expect((await send(sandbox, 'POST', TRIGGER, { 'x-service-token': robot.token }, '{}')).status).toBe(200);
    const fresh = sandbox.rotateToken('rotating');
    expect(fresh).not.toBe(robot.token);
    expect(sandbox.tokenOf('rotating')).toBe(fresh);
    expectError(
      await send(sandbox, 'POST', TRIGGER, { 'x-service-token': robot.token }, '{}'),
      401,
      'invalid_token',
    );
    expectError(
      await send(sandbox, 'GET', TRIGGER, { 'x-service-token': robot.token }),
      401,
      'invalid_token',
    );
    expect((await send(sandbox, 'POST', TRIGGER, { 'x-service-token': fresh }, '{}')).status).toBe(200);
  });

  test.each([
    ['not JSON', '{"a":', 'invalid_json'],
    ['empty', '', 'invalid_json'],
    ['an array', '[1,2]', 'body_not_object'],
    ['null', 'null', 'body_not_object'],
    ['a string', '"text"', 'body_not_object'],
    ['a number', '42', 'body_not_object'],
  ])('POST body that is %s: 400 %s', async (_what, body, code) => {
    expectError(await send(sandbox, 'POST', TRIGGER, auth(), body), 400, code);
  });

  test('a body over the 1 MiB cap with Content-Length: 413', async () => {
    const body = JSON.stringify({ big: 'x'.repeat(1024 * 1024) });
    expectError(await send(sandbox, 'POST', TRIGGER, auth(), body), 413, 'body_too_large');
  });

  test('a chunked body that grows over the cap: 413', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const stream = Readable.from(
      (function* () {
        yield '{"big":"';
        for (let i = 0; i < 20; i += 1) yield chunk;
        yield '"}';
      })(),
    );
    expectError(await send(sandbox, 'POST', TRIGGER, auth(), stream), 413, 'body_too_large');
  });

  test('a body just under the cap is accepted', async () => {
    const body = JSON.stringify({ big: 'x'.repeat(1024 * 1024 - 20) });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(1024 * 1024);
    expect((await send(sandbox, 'POST', TRIGGER, auth(), body)).status).toBe(200);
  });

  test('other methods get 405 with Allow; unknown paths get 404, both in the error shape', async () => {
    const put = await send(sandbox, 'PUT', TRIGGER, auth(), '{}');
    expectError(put, 405, 'method_not_allowed');
    expect(put.headers['allow']).toBe('GET, POST');
    expectError(await send(sandbox, 'GET', '/main/public/webhook/other', auth()), 404, 'not_found');
  });

  test("a GET URL over Node's 16 KiB header limit: 431 in the error shape", async () => {
    const answer = await send(sandbox, 'GET', `${TRIGGER}?a=${'x'.repeat(20 * 1024)}`, auth());
    expectError(answer, 431, 'headers_too_large');
    expect(answer.headers['connection']).toBe('close');
  });

  test('a request that is not valid HTTP: 400 in the error shape, then the connection ends', async () => {
    const url = new URL(sandbox.baseUrl);
    const socket = connect(Number(url.port), url.hostname);
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    socket.write(`POST ${TRIGGER} HTTP/1.1\r\nhost: x\r\ncontent-length: nope\r\n\r\n{}`);
    await once(socket, 'end');
    socket.destroy();
    const [head = '', text = ''] = raw.split('\r\n\r\n');
    const [statusLine, ...headerLines] = head.split('\r\n');
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    const headers = Object.fromEntries(
      headerLines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    expectError({ status: 400, headers, text }, 400, 'bad_request');
    expect(Number(headers['content-length'])).toBe(Buffer.byteLength(text));
  });

  test('requests() records what reached the service, header included or not', async () => {
    await send(sandbox, 'GET', `${TRIGGER}?probe=with-header`, auth());
    await send(sandbox, 'GET', `${TRIGGER}?probe=without-header`);
    const probes = sandbox.requests().filter((r) => r.path.includes('probe='));
    expect(probes.map((r) => [r.method, r.path, r.headers['x-service-token']])).toEqual([
      ['GET', `${TRIGGER}?probe=with-header`, token],
      ['GET', `${TRIGGER}?probe=without-header`, undefined],
    ]);
    expect(probes[0]?.at).toEqual(expect.any(Number));
  });
});

describe('sandbox trigger options', () => {
  test('triggerStatus and bodyLimitBytes are configurable', async () => {
    const sandbox = await startSandbox({
      demoRobots: false,
      triggerStatus: 202,
      bodyLimitBytes: 64,
      config: { robots: [{ name: 'r', token: 'fixed-token-r', flow: [] }] },
    });
    try {
      const headers = { 'x-service-token': 'fixed-token-r' };
      expect((await send(sandbox, 'POST', TRIGGER, headers, '{"a":1}')).status).toBe(202);
      expectError(
        await send(sandbox, 'POST', TRIGGER, headers, JSON.stringify({ a: 'x'.repeat(64) })),
        413,
        'body_too_large',
      );
    } finally {
      await sandbox.close();
    }
  });
});
