import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';

const run = promisify(execFile);
const TRIGGER = '/main/public/webhook/request';
const QUERY = '/prod/1/customer/robot/webhookResponse/';
const MARK = '\n@@curl@@';

type CurlAnswer = { status: number; contentType: string; retryAfter: string; body: string };

/** The sandbox as seen by curl, a client we did not write. */
async function curl(args: string[]): Promise<CurlAnswer> {
  const { stdout } = await run(
    'curl',
    [
      '-sS',
      '--max-time',
      '10',
      '-o',
      '-',
      '-w',
      `${MARK}%{http_code}|%{content_type}|%header{retry-after}`,
      ...args,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const at = stdout.lastIndexOf(MARK);
  const [status, contentType, retryAfter] = stdout.slice(at + MARK.length).split('|');
  return {
    status: Number(status),
    contentType: contentType ?? '',
    retryAfter: retryAfter ?? '',
    body: stdout.slice(0, at),
  };
}

function errorCode(answer: CurlAnswer): string {
  expect(answer.contentType).toBe('application/json');
  return (JSON.parse(answer.body) as { error: { code: string } }).error.code;
}

describe('sandbox through curl', () => {
  let sandbox: Sandbox;
  let dir: string;
  let trigger: string;
  const token = 'curl-robot-token';

  beforeAll(async () => {
    sandbox = await startSandbox({
      demoRobots: false,
      config: { robots: [{ name: 'echo', token, flow: [{ type: 'respond', echo: true }] }] },
    });
    trigger = sandbox.baseUrl + TRIGGER;
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-sandbox-curl-'));
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function resultOf(answer: CurlAnswer): Promise<unknown> {
    expect(answer.status).toBe(200);
    const { webhookCallId } = JSON.parse(answer.body) as { webhookCallId: string };
    const result = await curl([sandbox.baseUrl + QUERY + webhookCallId]);
    expect(result.contentType).toBe('application/json');
    return JSON.parse(result.body);
  }

  test('POST: JSON arguments reach the flow with their types', async () => {
    const args = { n: 3, f: 0.25, b: false, z: null, list: ['a', 1], o: { k: 'v' } };
    const answer = await curl([
      '-H',
      `x-service-token: ${token}`,
      '-H',
      'content-type: application/json',
      '--data-binary',
      JSON.stringify(args),
      trigger,
    ]);
    expect(answer.contentType).toBe('application/json');
    expect(await resultOf(answer)).toEqual({ status: 'DONE', response: args });
  });

  test('GET: query arguments, a repeated key becoming an array', async () => {
    const answer = await curl([
      '-G',
      '-H',
      `x-service-token: ${token}`,
      '--data-urlencode',
      'name=Ana Maria',
      '--data-urlencode',
      'id=1',
      '--data-urlencode',
      'id=2',
      trigger,
    ]);
    expect(await resultOf(answer)).toEqual({
      status: 'DONE',
      response: { name: 'Ana Maria', id: ['1', '2'] },
    });
  });

  test('401 without a token and with an unknown one', async () => {
    const missing = await curl(['-d', '{}', trigger]);
    expect(missing.status).toBe(401);
    expect(errorCode(missing)).toBe('missing_token');
    const unknown = await curl(['-H', 'x-service-token: guess', trigger]);
    expect(unknown.status).toBe(401);
    expect(errorCode(unknown)).toBe('invalid_token');
  });

  test('a rotated token is refused at once', async () => {
    sandbox.addRobot({ name: 'rot', token: 'rot-token-1', flow: [] });
    expect((await curl(['-H', 'x-service-token: rot-token-1', trigger])).status).toBe(200);
    const fresh = sandbox.rotateToken('rot');
    expect((await curl(['-H', 'x-service-token: rot-token-1', trigger])).status).toBe(401);
    expect((await curl(['-H', `x-service-token: ${fresh}`, trigger])).status).toBe(200);
  });

  test('400 for a body that is not a JSON object', async () => {
    const answer = await curl(['-H', `x-service-token: ${token}`, '-d', '["a"]', trigger]);
    expect(answer.status).toBe(400);
    expect(errorCode(answer)).toBe('body_not_object');
  });

  test.each([
    ['with Expect: 100-continue (refused before the body is sent)', []],
    ['without Expect (the body is read and discarded)', ['-H', 'Expect:']],
    ['chunked (no length known in advance)', ['-H', 'Transfer-Encoding: chunked']],
  ])('413 for a 2 MB body %s', async (_how, extra) => {
    const file = path.join(dir, 'big.json');
    await writeFile(file, JSON.stringify({ big: 'x'.repeat(2 * 1024 * 1024) }));
    const answer = await curl([
      '-H',
      `x-service-token: ${token}`,
      ...extra,
      '--data-binary',
      `@${file}`,
      trigger,
    ]);
    expect(answer.status).toBe(413);
    expect(errorCode(answer)).toBe('body_too_large');
  });

  test('404 for an unknown webhookCallId', async () => {
    const answer = await curl([`${sandbox.baseUrl}${QUERY}does-not-exist`]);
    expect(answer.status).toBe(404);
    expect(errorCode(answer)).toBe('call_not_found');
  });

  test('429 carries Retry-After', async () => {
    sandbox.setFaults({ trigger: { tooManyRequests: { rate: 1, retryAfterSeconds: 3 } } });
    try {
      const answer = await curl(['-H', `x-service-token: ${token}`, '-d', '{}', trigger]);
      expect(answer.status).toBe(429);
      expect(answer.retryAfter).toBe('3');
      expect(errorCode(answer)).toBe('rate_limited');
    } finally {
      sandbox.setFaults({});
    }
  });

  test('a dropped connection is an error to curl too', async () => {
    sandbox.setFaults({ trigger: { drop: { rate: 1 } } });
    try {
      await expect(curl(['-H', `x-service-token: ${token}`, '-d', '{}', trigger])).rejects.toThrow(
        /Empty reply|reset|closed/i,
      );
    } finally {
      sandbox.setFaults({});
    }
  });
});

describe('sandbox through curl: retention and query authentication', () => {
  let clock = 5_000_000;
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({
      demoRobots: false,
      now: () => clock,
      retentionMs: 1_000,
      queryRequiresToken: true,
      config: {
        robots: [{ name: 'r', token: 'curl-r-token', flow: [{ type: 'respond', constants: { ok: 1 } }] }],
      },
    });
  });
  afterAll(() => sandbox.close());

  test('the query needs the token when told, and forgets the result after retention', async () => {
    const started = await curl(['-H', 'x-service-token: curl-r-token', `${sandbox.baseUrl}${TRIGGER}?k=v`]);
    const { webhookCallId } = JSON.parse(started.body) as { webhookCallId: string };
    const url = sandbox.baseUrl + QUERY + webhookCallId;

    const anonymous = await curl([url]);
    expect(anonymous.status).toBe(401);
    expect(errorCode(anonymous)).toBe('missing_token');
    const authorised = await curl(['-H', 'x-service-token: curl-r-token', url]);
    expect(JSON.parse(authorised.body)).toEqual({ status: 'DONE', response: { ok: 1 } });

    clock += 1_000;
    const expired = await curl(['-H', 'x-service-token: curl-r-token', url]);
    expect(expired.status).toBe(404);
    expect(errorCode(expired)).toBe('call_not_found');
  });
});
