import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { DEMO_ROBOTS } from '../../src/sandbox/demoRobots.ts';

const demoRobotNames = DEMO_ROBOTS.map((r) => r.name);

const TRIGGER = '/main/public/webhook/request';
const QUERY = '/prod/1/customer/robot/webhookResponse/';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: unknown };

describe('sandbox admin API', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({
      config: { robots: [{ name: 'echo', token: 'my-echo-token', flow: [{ type: 'respond', echo: true }] }] },
    });
  });
  afterAll(() => sandbox.close());

  async function admin(method: string, path: string, body?: unknown): Promise<Answer> {
    const res = await request(`${sandbox.baseUrl}/__sandbox/${path}`, {
      method,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.statusCode, headers: res.headers, body: await res.body.json() };
  }

  async function trigger(token: string): Promise<number> {
    const res = await request(sandbox.baseUrl + TRIGGER, { headers: { 'x-service-token': token } });
    await res.body.dump();
    return res.statusCode;
  }

  test('lists the demo robots, with a config robot replacing the demo of the same name', async () => {
    const answer = await admin('GET', 'robots');
    expect(answer.status).toBe(200);
    const robots = (answer.body as { robots: Array<{ name: string; token: string; faults: unknown }> })
      .robots;
    expect(robots.map((r) => r.name)).toEqual(demoRobotNames);
    expect(robots[0]).toMatchObject({
      name: 'echo',
      token: 'my-echo-token',
      flow: [{ type: 'respond', echo: true }],
    });
    expect(robots.find((r) => r.name === 'flaky')?.faults).toEqual({
      query: { serverError: { rate: 0.3, status: 503 } },
    });
    expect(sandbox.robots).toEqual(robots.map(({ name, token }) => ({ name, token })));
  });

  test('adds a robot, then replaces it by name (its old token stops working)', async () => {
    const added = await admin('POST', 'robots', {
      name: 'added',
      flow: [{ type: 'respond', constants: { v: 1 } }],
    });
    expect(added.status).toBe(200);
    const { token } = added.body as { name: string; token: string };
    expect(added.body).toEqual({ name: 'added', token: expect.any(String) });
    expect(await trigger(token)).toBe(200);

    const replaced = await admin('POST', 'robots', { name: 'added', token: 'chosen-token', flow: [] });
    expect(replaced.body).toEqual({ name: 'added', token: 'chosen-token' });
    expect(await trigger(token)).toBe(401);
    expect(await trigger('chosen-token')).toBe(200);
  });

  test('replacing a robot without a token keeps its token, as editing it in the Designer does', async () => {
    const added = await admin('POST', 'robots', { name: 'edited', flow: [] });
    const { token } = added.body as { token: string };

    const replaced = await admin('POST', 'robots', {
      name: 'edited',
      flow: [{ type: 'respond', constants: { version: 2 } }],
    });
    expect(replaced).toMatchObject({ status: 200, body: { name: 'edited', token } });
    expect(sandbox.tokenOf('edited')).toBe(token);
    const res = await request(sandbox.baseUrl + TRIGGER, { headers: { 'x-service-token': token } });
    expect(res.statusCode).toBe(200);
    const { webhookCallId } = (await res.body.json()) as { webhookCallId: string };
    expect((await sandbox.whenSettled(webhookCallId)).response).toEqual({ version: 2 });

    // The programmatic API means the same.
    expect(sandbox.addRobot({ name: 'edited', flow: [] })).toEqual({ name: 'edited', token });
    expect(await trigger(token)).toBe(200);
  });

  test('an invalid robot is 400 naming the field; a token held by another robot is refused', async () => {
    const bad = await admin('POST', 'robots', { name: 'x', flow: [{ type: 'wait', ms: 'soon' }] });
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toBe('application/json');
    expect(bad.body).toEqual({
      error: { code: 'invalid_request', message: expect.stringContaining('flow[0].ms: expected number') },
    });
    const taken = await admin('POST', 'robots', { name: 'thief', token: 'my-echo-token', flow: [] });
    expect(taken).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringContaining('echo') } },
    });
    expect((await admin('POST', 'robots', '{nope')).status).toBe(400);
  });

  test('rotates a token: the old one is refused at once', async () => {
    const before = sandbox.tokenOf('slow');
    const rotated = await admin('POST', 'robots/slow/rotate-token');
    expect(rotated.status).toBe(200);
    const { token } = rotated.body as { token: string };
    expect(token).not.toBe(before);
    expect(sandbox.tokenOf('slow')).toBe(token);
    expect(await trigger(before)).toBe(401);
    expect(await trigger(token)).toBe(200);
    expect(await admin('POST', 'robots/nobody/rotate-token')).toMatchObject({
      status: 404,
      body: { error: { code: 'unknown_robot' } },
    });
  });

  test('sets global and per-robot faults', async () => {
    const set = await admin('PUT', 'faults', { trigger: { serverError: { rate: 1, status: 502 } } });
    expect(set.status).toBe(200);
    expect((await admin('GET', 'faults')).body).toEqual({
      faults: { trigger: { serverError: { rate: 1, status: 502 } } },
    });
    expect(await trigger('my-echo-token')).toBe(502);
    await admin('PUT', 'faults', {});
    expect(await trigger('my-echo-token')).toBe(200);

    expect(
      (await admin('PUT', 'robots/echo/faults', { trigger: { serverError: { rate: 1, status: 503 } } }))
        .status,
    ).toBe(200);
    expect(await trigger('my-echo-token')).toBe(503);
    await admin('PUT', 'robots/echo/faults', {});
    expect(await trigger('my-echo-token')).toBe(200);

    const bad = await admin('PUT', 'faults', { query: { drop: { rate: -1 } } });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringContaining('query.drop.rate') } },
    });
    expect((await admin('PUT', 'robots/nobody/faults', {})).status).toBe(404);
  });

  test('lists calls and skips a wait', async () => {
    const res = await request(`${sandbox.baseUrl}${TRIGGER}?who=admin-test`, {
      headers: { 'x-service-token': sandbox.tokenOf('never-responds') },
    });
    const { webhookCallId } = (await res.body.json()) as { webhookCallId: string };
    const calls = (await admin('GET', 'calls')).body as { calls: Array<Record<string, unknown>> };
    expect(calls.calls.find((c) => c['webhookCallId'] === webhookCallId)).toMatchObject({
      robot: 'never-responds',
      method: 'GET',
      args: { who: 'admin-test' },
      status: 'WAITING',
      running: true,
    });
    expect((await admin('POST', `calls/${webhookCallId}/skip-wait`)).body).toEqual({ skipped: true });
    // never-responds finishes without responding and keeps answering WAITING.
    expect(sandbox.calls().find((c) => c.webhookCallId === webhookCallId)?.status).toBe('FINISHED');
    const query = await request(sandbox.baseUrl + QUERY + webhookCallId);
    expect(await query.body.json()).toEqual({ status: 'WAITING' });
    expect((await admin('POST', `calls/${webhookCallId}/skip-wait`)).status).toBe(404);
  });

  test('lists the service requests it received, but not its own admin requests', async () => {
    const { requests } = (await admin('GET', 'requests')).body as { requests: Array<{ path: string }> };
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((r) => !r.path.startsWith('/__sandbox/'))).toBe(true);
  });

  test('unknown admin paths are 404 and wrong methods 405, in the error shape', async () => {
    expect(await admin('GET', 'nothing-here')).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
    const wrong = await admin('DELETE', 'robots');
    expect(wrong).toMatchObject({ status: 405, body: { error: { code: 'method_not_allowed' } } });
    expect(wrong.headers['allow']).toBe('GET, POST');
  });
});
