import type { ServerResponse } from 'node:http';
import { describe, expect, test } from 'vitest';
import type { AppError } from '../../src/core/errors.ts';
import { WebhookClient } from '../../src/core/http/webhookClient.ts';
import { defaultSettings } from '../../src/shared/models/settings.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import { whenCall } from '../support/coreEvents.ts';
import { scriptedCores } from '../support/scriptedCore.ts';
import { json } from '../support/scriptedService.ts';

const TOKEN = 'tok-protocol-test-3f9a';
const { service, coreFor, closeLater } = scriptedCores({
  token: TOKEN,
  robotName: 'Scripted',
  prefix: 'robot-tray-proto-',
});

const client = () => new WebhookClient(defaultSettings.http);

describe('webhook client against services that misbehave', () => {
  test('a redirect is not followed: the token never reaches the target', async () => {
    const elsewhere = await service((_req, res) => json(res, 200, { webhookCallId: 'stolen' }));
    const redirecting = await service((_req, res) => {
      res.writeHead(307, { location: elsewhere.url + '/main/public/webhook/request' }).end();
    });
    const { core, robot } = await coreFor(redirecting.url);
    const call = await core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('rejected');
    expect(call.error?.message).toContain(elsewhere.url);
    expect(call.error?.message).toMatch(/never follows redirects/);
    expect(elsewhere.seen).toHaveLength(0);
    expect(redirecting.seen).toHaveLength(1);
  });

  test('a hostile webhookCallId reaches the sandbox as one path segment', async () => {
    const sandbox = await startSandbox({ demoRobots: false });
    closeLater(() => sandbox.close());
    const target = { origin: sandbox.baseUrl, basePath: '' };
    const c = client();
    closeLater(() => c.closePools());
    for (const id of ['../../main/public/webhook/request', 'a/b?c=d#e', '%2e%2e%2fadmin', '..;/x']) {
      const error = (await c.query(target, undefined, id).catch((e: unknown) => e)) as AppError;
      expect(error.status).toBe(404);
      const seen = sandbox.requests().at(-1)!;
      const prefix = '/prod/1/customer/robot/webhookResponse/';
      expect(seen.path.startsWith(prefix)).toBe(true);
      const segment = seen.path.slice(prefix.length);
      expect(segment).not.toContain('/');
      expect(decodeURIComponent(segment)).toBe(id);
    }
  });

  test('a service that returns a dot-only webhookCallId cannot steer the query', async () => {
    const svc = await service((req, res) =>
      json(res, 200, req.method === 'POST' ? { webhookCallId: '..' } : {}),
    );
    const { core, robot } = await coreFor(svc.url);
    const call = await core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unknown');
    expect(call.error?.kind).toBe('protocol');
    expect(svc.seen).toHaveLength(1);
  });

  test.each([
    [
      'a non-JSON body',
      (res: ServerResponse) => res.writeHead(200).end('<html>proxy login</html>'),
      /not JSON/,
    ],
    ['no webhookCallId', (res: ServerResponse) => json(res, 200, { id: 5 }), /no webhookCallId/],
    ['a JSON list', (res: ServerResponse) => json(res, 200, [1]), /not an object/],
  ])('a trigger answer with %s is a protocol error and the call is unknown', async (_l, answer, message) => {
    const svc = await service((_req, res) => answer(res));
    const { core, robot } = await coreFor(svc.url);
    const call = await core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unknown');
    expect(call.error).toMatchObject({ kind: 'protocol', message: expect.stringMatching(message) });
  });

  test('an error body that echoes the token is redacted', async () => {
    const svc = await service((req, res) =>
      json(res, 403, { error: `token ${String(req.headers['x-service-token'])} is revoked` }),
    );
    const { core, robot } = await coreFor(svc.url);
    const call = await core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('rejected');
    expect(call.error?.message).toContain('[redacted]');
    expect(JSON.stringify(call)).not.toContain(TOKEN);
  });

  test('DONE without an object response is done, with a warning', async () => {
    const svc = await service((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'w1' })
        : json(res, 200, { status: 'DONE', response: 'ok' }),
    );
    const { core, robot, clock } = await coreFor(svc.url);
    const fired = await core.fire(robot.id, { method: 'POST', args: {} });
    const done = whenCall(core, fired.id, (c) => c.state === 'done');
    clock.runNext();
    await done;
    const call = core.getCall(fired.id);
    expect(call.state).toBe('done');
    expect(call.response).toBe('ok');
    expect(call.warning).toMatch(/not an object/);
  });

  test('an answer over the cap is an error, not a memory blow-up', async () => {
    const svc = await service((_req, res) =>
      json(res, 200, { webhookCallId: 'w', pad: 'x'.repeat(2 * 1024 * 1024) }),
    );
    const { core, robot } = await coreFor(svc.url);
    const call = await core.fire(robot.id, { method: 'POST', args: {} });
    expect(call.error).toMatchObject({ kind: 'protocol', message: expect.stringContaining('1 MiB') });
  });

  test('a service that never answers times out with a typed error', async () => {
    const svc = await service(() => undefined);
    const c = new WebhookClient({ ...defaultSettings.http, headersTimeoutMs: 200 });
    closeLater(() => c.closePools());
    const error = (await c
      .trigger({ origin: svc.url, basePath: '' }, TOKEN, 'POST', {})
      .catch((e: unknown) => e)) as AppError;
    expect(error.kind).toBe('timeout');
    expect(error.maybeDelivered).toBe(true);
  });
});
