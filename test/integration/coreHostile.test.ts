import { readFile, readdir } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/shared/models/json.ts';
import { whenCall } from '../support/coreEvents.ts';
import { scriptedCores } from '../support/scriptedCore.ts';
import { json } from '../support/scriptedService.ts';

/**
 * The core against a hostile service on loopback: tokens sent back in other
 * forms, answers that fail to store or are too large to keep, bodies that
 * trickle, slow origins.
 */

// Base64-like, as real tokens are: `+`, `/` and `=` are what escaping and encoding change.
const TOKEN = 'AbC+/dEf=ghIJ+kl/mnOP0123';
const FORMS = [
  TOKEN,
  JSON.stringify(TOKEN).slice(1, -1).replace(/\//g, '\\/'),
  TOKEN.replace(/\+/g, '\\u002b').replace(/\//g, '\\u002F'),
  encodeURIComponent(TOKEN),
  encodeURIComponent(TOKEN).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
  Buffer.from(TOKEN).toString('base64'),
  Buffer.from(TOKEN).toString('base64url'),
];

const { service, coreFor } = scriptedCores({
  token: TOKEN,
  robotName: 'Hostile',
  prefix: 'robot-tray-hostile-',
});

/** Everything Robot Tray wrote to its data folder, as text. */
async function dataFolderText(dataDir: string): Promise<string> {
  const names = await readdir(dataDir);
  const parts = await Promise.all(
    names.map((n) => readFile(path.join(dataDir, n)).catch(() => Buffer.alloc(0))),
  );
  return Buffer.concat(parts).toString('latin1');
}

function expectNoTokenIn(text: string): void {
  for (const form of FORMS) expect(text).not.toContain(form);
}

describe('the token sent back in another form never reaches history, events or messages', () => {
  test('a refusal that echoes it JSON-escaped, \\u-escaped, percent-encoded and in base64', async () => {
    const svc = await service((_req, res) =>
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(`{"error":"token ${FORMS.slice(1).join(' / ')} refused"}`),
    );
    const h = await coreFor(svc.url);
    const call = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('rejected');
    expect(call.error?.message).toContain('[redacted]');
    expectNoTokenIn(JSON.stringify(call));
    expectNoTokenIn(JSON.stringify(h.events));
    await h.core.close();
    expectNoTokenIn(await dataFolderText(h.dataDir));
  });

  test('a redirect whose Location carries it URL-encoded is reported without it', async () => {
    const svc = await service((_req, res) =>
      res
        .writeHead(302, { location: `https://elsewhere.example/login?t=${encodeURIComponent(TOKEN)}` })
        .end(),
    );
    const h = await coreFor(svc.url);
    const call = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    expect(call.error?.message).toContain('https://elsewhere.example/login?t=[redacted]');
    expectNoTokenIn(JSON.stringify(call));
  });

  test('a webhookCallId that holds the token is neither stored nor used to query', async () => {
    const svc = await service((_req, res) => json(res, 200, { webhookCallId: `run-${TOKEN}` }));
    const h = await coreFor(svc.url);
    const call = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unknown');
    expect(call.webhookCallId).toBeNull();
    expect(call.error?.message).toMatch(/contains the robot's token/);
    h.clock.advance(60_000);
    expect(svc.seen).toHaveLength(1);
    await h.core.close();
    expectNoTokenIn(await dataFolderText(h.dataDir));
  });

  test('a DONE response holding it in keys and values is stored masked', async () => {
    const svc = await service((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'w1' })
        : res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(
              `{"status":"DONE","response":{"echo":"${FORMS[1]}","${FORMS[2]}":1,"b64":"${FORMS[5]}","u":"${FORMS[3]}"}}`,
            ),
    );
    const h = await coreFor(svc.url);
    const fired = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    const done = whenCall(h.core, fired.id, (c) => c.state === 'done');
    h.clock.runNext();
    const call = await done;
    expect(call.response).toEqual({
      echo: '[redacted]',
      '[redacted]': 1,
      b64: '[redacted]',
      u: '[redacted]',
    });
    await h.core.close();
    expectNoTokenIn(await dataFolderText(h.dataDir));
  });

  test('a status answer echoing it is stored masked when queries leave the token out', async () => {
    // The service saw the token at the trigger; a query without it may still send it back.
    const svc = await service((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'w1' })
        : json(res, 200, { status: 'DONE', response: { request: { headers: { token: TOKEN } } } }),
    );
    const h = await coreFor(svc.url);
    await h.core.updateRobot(h.robot.id, { sendTokenOnQuery: false });
    const fired = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    const done = whenCall(h.core, fired.id, (c) => c.state === 'done');
    h.clock.runNext();
    const call = await done;
    expect(svc.seen[1]?.headers['x-service-token']).toBeUndefined();
    expect(call.response).toEqual({ request: { headers: { token: '[redacted]' } } });
    expectNoTokenIn(JSON.stringify(h.events));
    await h.core.close();
    expectNoTokenIn(await dataFolderText(h.dataDir));
  });

  test('numbers a double cannot carry are kept exactly as sent beside the response, redacted, and survive a restart', async () => {
    const answer = `{"status":"DONE","response":{"orderId":12345678901234567890,"rate":0.1000000000000000055511151231257827,"n":[1.5,9007199254740993],"echo":"${FORMS[0]}"}}`;
    const svc = await service((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'w1' })
        : res.writeHead(200, { 'content-type': 'application/json' }).end(answer),
    );
    const h = await coreFor(svc.url);
    const fired = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    const done = whenCall(h.core, fired.id, (c) => c.state === 'done');
    h.clock.runNext();
    await done;
    const exact =
      '{"orderId":12345678901234567890,"rate":0.1000000000000000055511151231257827,"n":[1.5,9007199254740993],"echo":"[redacted]"}';
    expect(h.core.getCall(fired.id).responseText).toBe(exact);
    // The response itself stays plain JSON data (rounded where JavaScript must).
    expect(h.core.getCall(fired.id).response).toMatchObject({
      orderId: 12345678901234567000,
      n: [1.5, 9007199254740992],
    });
    const core = await h.reopen();
    expect(core.getCall(fired.id).responseText).toBe(exact);
    await core.close();
    expectNoTokenIn(await dataFolderText(h.dataDir));
  });

  test('an answer whose numbers all survive keeps no second copy of its text', async () => {
    const svc = await service((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'w1' })
        : json(res, 200, {
            status: 'DONE',
            response: { n: 9007199254740991, d: 0.1, s: '12345678901234567890' },
          }),
    );
    const h = await coreFor(svc.url);
    const fired = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    const done = whenCall(h.core, fired.id, (c) => c.state === 'done');
    h.clock.runNext();
    const call = await done;
    expect(call.response).toEqual({ n: 9007199254740991, d: 0.1, s: '12345678901234567890' });
    expect(h.core.getCall(fired.id).responseText).toBeUndefined();
  });

  test('a non-JSON success body that echoes the token is redacted before it is stored', async () => {
    const svc = await service((req, res) => {
      res.writeHead(200).end(`<html>debug token=${String(req.headers['x-service-token'])}</html>`);
    });
    const h = await coreFor(svc.url);
    const call = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unknown');
    expect(call.error?.message).toContain('[redacted]');
    expect(JSON.stringify(h.core.listCalls())).not.toContain(TOKEN);
    expect(h.core.listCalls({ text: TOKEN })).toEqual([]);
  });

  test('a failed status answer that echoes the token is redacted before it is stored', async () => {
    const svc = await service((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'w-echo' })
        : json(res, 200, {
            status: 'ERROR',
            detail: `request token was ${String(req.headers['x-service-token'])}`,
          }),
    );
    const h = await coreFor(svc.url);
    const fired = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    const ended = whenCall(h.core, fired.id, (c) => c.state === 'failed');
    h.clock.runNext();
    await ended;
    const call = h.core.getCall(fired.id);
    expect(call.response).toEqual({ status: 'ERROR', detail: 'request token was [redacted]' });
    expect(JSON.stringify(h.core.listCalls())).not.toContain(TOKEN);
  });

  test('tokens shorter than 16 or longer than 4,096 characters are refused, naming the bounds', async () => {
    const svc = await service((_req, res) => json(res, 200, {}));
    const h = await coreFor(svc.url);
    await expect(h.core.setToken(h.robot.id, 'a')).rejects.toThrow(/16 to 4,096 characters; this one has 1/);
    await expect(h.core.setToken(h.robot.id, 'x'.repeat(4097))).rejects.toThrow(/16 to 4,096/);
    expect((await h.core.tokenStatus(h.robot.id)).hasToken).toBe(true);
  });
});

describe('finished calls never vanish', () => {
  test('a response with a "__proto__" key is kept as data and still listed after a restart', async () => {
    const svc = await service((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'w1' })
        : res
            .writeHead(200, { 'content-type': 'application/json' })
            .end('{"status":"DONE","response":{"__proto__":{"polluted":true},"ok":1}}'),
    );
    const h = await coreFor(svc.url);
    const fired = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    const done = whenCall(h.core, fired.id, (c) => c.state === 'done');
    h.clock.runNext();
    await done;
    const core = await h.reopen();
    const [listed] = core.listCalls();
    expect(listed?.id).toBe(fired.id);
    const response = core.getCall(listed!.id).response as Record<string, unknown>;
    expect(Object.hasOwn(response, '__proto__')).toBe(true);
    expect(JSON.stringify(response)).toBe('{"__proto__":{"polluted":true},"ok":1}');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(core.warnings()).toEqual([]);
  });

  test('a response nested 5,000 deep ends done with a warning, and the call stays listed', async () => {
    const deep = '['.repeat(5_000) + ']'.repeat(5_000);
    const svc = await service((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'w1' })
        : res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(`{"status":"DONE","response":${deep}}`),
    );
    const h = await coreFor(svc.url);
    const fired = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    const done = whenCall(h.core, fired.id, (c) => c.state !== 'waiting');
    h.clock.runNext();
    const call = await done;
    expect(call.state).toBe('done');
    expect(call.warning).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
    expect(call.response).toBeUndefined();
    const core = await h.reopen();
    expect(core.listCalls().map((c) => c.state)).toEqual(['done']);
  });

  test('an answer that arrives while another process locks the history is announced, then written once the lock goes', async () => {
    const svc = await service((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'w1' })
        : json(res, 200, { status: 'DONE', response: { ok: true } }),
    );
    const h = await coreFor(svc.url);
    const fired = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    // Another process (here another connection) holds the write lock.
    const other = new DatabaseSync(path.join(h.dataDir, 'robot-tray.sqlite'));
    other.exec('BEGIN IMMEDIATE');
    const done = whenCall(h.core, fired.id, (c) => c.state === 'done');
    h.clock.runNext();
    await done;
    const stored = () =>
      (other.prepare('SELECT state FROM calls WHERE id = ?').get(fired.id) as { state: string }).state;
    expect(stored()).toBe('waiting');
    expect(
      h.core
        .warnings()
        .map((w) => w.message)
        .join(' '),
    ).toMatch(/locked by another process.*keeps retrying/);
    other.exec('ROLLBACK');
    h.clock.advance(10_000);
    expect(stored()).toBe('done');
    other.close();
  });

  test('a trigger whose record cannot be written within 5 s is not sent, and says so', async () => {
    const svc = await service((_req, res) => json(res, 200, { webhookCallId: 'w1' }));
    const h = await coreFor(svc.url);
    const other = new DatabaseSync(path.join(h.dataDir, 'robot-tray.sqlite'));
    other.exec('BEGIN IMMEDIATE');
    let error: unknown;
    let settled = false;
    void h.core.fire(h.robot.id, { method: 'POST', args: {} }).then(
      () => (settled = true),
      (e: unknown) => {
        error = e;
        settled = true;
      },
    );
    // The wait is on the injected clock: run its timers until the fire gives up.
    for (let turn = 0; !settled && turn < 10_000; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      h.clock.runNext();
    }
    other.exec('ROLLBACK');
    other.close();
    expect(error).toMatchObject({
      kind: 'busy',
      message: expect.stringMatching(/locked by another process.*Nothing was sent\.$/),
    });
    expect(svc.seen).toHaveLength(0);
  });
});

describe('answers larger than Robot Tray keeps', () => {
  test('a trigger answer over the size cap is unknown, not unreachable: the robot probably started', async () => {
    const svc = await service((_req, res) =>
      json(res, 200, { webhookCallId: 'w', pad: 'x'.repeat(2 * 1024 * 1024) }),
    );
    const h = await coreFor(svc.url);
    const call = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unknown');
  });

  test('a query answer over the size cap stops watching instead of downloading it again and again', async () => {
    const svc = await service((req, res) =>
      req.method === 'POST'
        ? json(res, 200, { webhookCallId: 'big' })
        : json(res, 200, { status: 'WAITING', pad: 'x'.repeat(4096) }),
    );
    const h = await coreFor(svc.url);
    await h.core.updateSettings({ http: { queryResponseCapBytes: 2048 } });
    expect(h.core.getSettings().http.connectTimeoutMs).toBe(10_000);
    const fired = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    const stopped = whenCall(h.core, fired.id, (c) => c.state === 'stopped');
    h.clock.runNext();
    await stopped;
    expect(h.core.getCall(fired.id).error?.message).toMatch(/larger than 2 KiB/);
    expect(svc.seen.filter((r) => r.method === 'GET')).toHaveLength(1);
    expect(h.core.watchingCount).toBe(0);
  });
});

describe('time limits hold against a slow service', () => {
  /** Answers headers at once, then one byte a second, forever. */
  const trickle = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"webhookCallId":"w1"');
    const timer = setInterval(() => res.write(' '), 200);
    res.on('close', () => clearInterval(timer));
  };

  test('a trigger answer trickling in ends unknown at the request deadline, not never', async () => {
    const svc = await service((_req, res) => trickle(res));
    const h = await coreFor(svc.url, { clock: undefined });
    await h.core.updateSettings({ http: { requestDeadlineMs: 1_000 } });
    const call = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unknown');
    expect(call.error).toMatchObject({ kind: 'timeout', message: expect.stringContaining('within 1 s') });
  });

  test('closing aborts a request in flight instead of waiting for it, and the trigger ends unknown', async () => {
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const svc = await service(() => arrived());
    const h = await coreFor(svc.url);
    await h.core.updateSettings({ http: { headersTimeoutMs: 600_000, requestDeadlineMs: 3_600_000 } });
    const firing = h.core.fire(h.robot.id, { method: 'POST', args: {} });
    await reached;
    await h.core.close();
    const call = await firing;
    expect(call.state).toBe('unknown');
    const core = await h.reopen();
    expect(core.getCall(call.id).state).toBe('unknown');
  });

  test("once requests are aborted (a command's time is up), a trigger not yet sent never goes out", async () => {
    const svc = await service(() => undefined);
    const h = await coreFor(svc.url);
    await h.core.updateSettings({ http: { headersTimeoutMs: 600_000, requestDeadlineMs: 3_600_000 } });
    // The deadline passed while the command was still reading the token: nothing may be sent after it.
    h.core.abortRequests();
    const call = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    expect(call.state).toBe('unreachable');
    expect(call.error?.message).toBe('Robot Tray stopped before sending the trigger, so nothing was sent.');
    expect(svc.seen).toHaveLength(0);
  });

  test('a trigger never waits behind status queries that trickle on the same origin', async () => {
    let queries = 0;
    let twoQueries!: () => void;
    const connectionsHeld = new Promise<void>((resolve) => (twoQueries = resolve));
    const svc = await service((req, res) => {
      if (req.method === 'GET') {
        if (++queries === 2) twoQueries();
        trickle(res);
      } else json(res, 200, { webhookCallId: `w${svc.seen.length}` });
    });
    const h = await coreFor(svc.url);
    await h.core.updateSettings({ http: { connectionsPerOrigin: 2 } });
    const waiting = [];
    for (let i = 0; i < 4; i++) waiting.push(await h.core.fire(h.robot.id, { method: 'POST', args: {} }));
    // Every connection of the origin is now held by a trickling status query.
    h.clock.advance(1_000);
    await connectionsHeld;
    const trigger = await h.core.fire(h.robot.id, { method: 'POST', args: {} });
    expect(trigger.state).toBe('waiting');
  });
});
