import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { Network } from '../../src/core/http/network.ts';
import { WebhookClient } from '../../src/core/http/webhookClient.ts';
import { defaultNetworkSettings } from '../../src/shared/models/network.ts';
import { defaultSettings } from '../../src/shared/models/settings.ts';

/**
 * The webhook client against a service on loopback that this test scripts:
 * what each request carries, how each answer is read, and how connections
 * are kept, replaced and closed.
 */
const TOKEN = 'tok-2b9e-secret';
type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

let server: Server;
let target: { origin: string; basePath: string };
let seen: Seen[];
let sockets: number;
let answer: (req: IncomingMessage, res: ServerResponse) => void;
let client: WebhookClient;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      answer(req, res);
    });
  });
  server.on('connection', () => sockets++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  target = { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, basePath: '' };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  sockets = 0;
  answer = (_req, res) => json(res, { webhookCallId: 'wh-1', status: 'WAITING' });
  client = new WebhookClient(defaultSettings.http, Date.now, network());
});
afterEach(() => client.closePools());

function network() {
  return new Network({ ...defaultNetworkSettings, proxyMode: 'none' }, { env: {} });
}
function json(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the request should have failed'),
    (error: unknown) => error as { kind: string; message: string; maybeDelivered: boolean; status?: number },
  );

describe('what a request carries', () => {
  test('a POST trigger: the token, JSON accepted and sent', async () => {
    await client.trigger(target, TOKEN, 'POST', { n: 1 });
    expect(seen).toEqual([
      expect.objectContaining({ method: 'POST', url: '/main/public/webhook/request', body: '{"n":1}' }),
    ]);
    expect(seen[0]!.headers).toMatchObject({
      'x-service-token': TOKEN,
      accept: 'application/json',
      'content-type': 'application/json',
    });
  });

  test('a GET trigger: arguments in the query string, no body and no content type', async () => {
    await client.trigger(target, TOKEN, 'GET', { q: 'a b' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/main/public/webhook/request?q=a+b', body: '' });
    expect(seen[0]!.headers['x-service-token']).toBe(TOKEN);
    expect(seen[0]!.headers).not.toHaveProperty('content-type');
  });

  test('a query sends the token only when told to', async () => {
    await client.query(target, undefined, 'wh-1');
    await client.query(target, TOKEN, 'wh-1');
    expect(seen.map((s) => s.headers['x-service-token'])).toEqual([undefined, TOKEN]);
    expect(seen.map((s) => s.headers.accept)).toEqual(['application/json', 'application/json']);
    expect(seen[0]!.url).toBe('/prod/1/customer/robot/webhookResponse/wh-1');
  });
});

describe('how answers are read', () => {
  test('a trigger and a query answered with a UTF-8 byte-order mark are read like any answer', async () => {
    const bom = (body: unknown) => (_req: IncomingMessage, res: ServerResponse) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('\uFEFF' + JSON.stringify(body));
    answer = bom({ webhookCallId: 'wh-bom' });
    expect(await client.trigger(target, TOKEN, 'POST', {})).toMatchObject({ webhookCallId: 'wh-bom' });
    answer = bom({ status: 'DONE', response: { n: 1 } });
    expect(await client.query(target, TOKEN, 'wh-bom')).toMatchObject({ status: 'DONE', hasResponse: true });
  });

  test.each([
    [{}, 'has no webhookCallId string, so the run cannot be followed. The robot may have started.'],
    [{ webhookCallId: 7 }, 'has no webhookCallId string'],
    [
      { webhookCallId: `run-${TOKEN}` },
      "contains the robot's token, so Robot Tray neither keeps nor uses it and the run cannot be followed. The robot may have started; consider generating a new token in its Designer.",
    ],
    [
      { webhookCallId: '..' },
      'the webhookCallId it returned is only dots, which a URL path folds away, so the run cannot be followed. The robot has probably started',
    ],
    [
      { webhookCallId: 'run-\uD800' },
      'the webhookCallId it returned holds a broken character (a lone UTF-16 surrogate)',
    ],
    [{ webhookCallId: '' }, 'the webhookCallId it returned is empty'],
  ])('a trigger answered %j cannot be followed, and may have started the robot', async (body, words) => {
    answer = (_req, res) => json(res, body);
    const error = await failureOf(client.trigger(target, TOKEN, 'POST', {}));
    expect(error).toMatchObject({ kind: 'protocol', status: 200, maybeDelivered: true });
    expect(error.message).toContain(words);
    expect(error.message).not.toContain(TOKEN);
  });

  test('a status answer without a status text is refused', async () => {
    answer = (_req, res) => json(res, { state: 'DONE' });
    const error = await failureOf(client.query(target, undefined, 'wh-1'));
    expect(error).toMatchObject({
      kind: 'protocol',
      message: 'The status answer has no "status" text field. The service may have changed.',
    });
  });

  test('the exact text of a response comes along only when a number would change', async () => {
    answer = (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"status":"DONE","response":{"id":12345678901234567890}}');
    expect((await client.query(target, undefined, 'wh-1')).responseText).toBe('{"id":12345678901234567890}');
    answer = (_req, res) => json(res, { status: 'DONE', response: { id: 1 } });
    expect(await client.query(target, undefined, 'wh-1')).not.toHaveProperty('responseText');
  });

  test('numbers past a double’s range are kept (nearest double, exact text), never taken for nesting', async () => {
    const response = '{"big":2e308,"l":[-1e400,{"__proto__":2E+400}],"tiny":1e-400}';
    const sent = (text: string) => (_req: IncomingMessage, res: ServerResponse) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(text);
    answer = sent(`{"status":"DONE","response":${response}}`);
    const result = await client.query(target, undefined, 'wh-1');
    expect(result.tooDeep).toBeUndefined();
    expect(result.responseText).toBe(response);
    const kept = result.response as { big: number; l: [number, Record<string, unknown>]; tiny: number };
    expect(kept.big).toBe(Number.MAX_VALUE);
    expect(kept.l[0]).toBe(-Number.MAX_VALUE);
    // Still an ordinary key, not the object's prototype.
    expect(Object.getOwnPropertyDescriptor(kept.l[1], '__proto__')?.value).toBe(Number.MAX_VALUE);
    expect(Object.getPrototypeOf(kept.l[1])).toBe(Object.prototype);
    expect(kept.tiny).toBe(0);
    // A trigger answer holding one is read too.
    answer = sent('{"webhookCallId":"wh-9","n":1e999}');
    expect(await client.trigger(target, TOKEN, 'POST', {})).toMatchObject({ webhookCallId: 'wh-9' });
    // An undocumented status keeps its whole body: its exact text comes along.
    answer = sent(`{"status":"FAILED","cost":2e308,"response":{"n":1}}`);
    const failed = await client.query(target, undefined, 'wh-1');
    expect(failed.bodyText).toBe('{"status":"FAILED","cost":2e308,"response":{"n":1}}');
    expect(failed.body).toMatchObject({ cost: Number.MAX_VALUE });
    // Nesting past the limit is still nesting, with such a number in it or not.
    answer = sent(`{"status":"DONE","n":2e308,"response":${'['.repeat(600)}${']'.repeat(600)}}`);
    const deep = await client.query(target, undefined, 'wh-1');
    expect(deep.tooDeep).toBe(true);
    expect(deep.body).toEqual({ status: 'DONE', n: Number.MAX_VALUE });
  });
});

describe('connections', () => {
  test('queries to one origin share their connections; triggers have their own', async () => {
    for (let i = 0; i < 5; i++) await client.query(target, undefined, 'wh-1');
    const forQueries = sockets;
    // undici may open a second socket while the first is being released; never one per request.
    expect(forQueries).toBeLessThan(5);
    await client.trigger(target, TOKEN, 'POST', {});
    expect(sockets).toBe(forQueries + 1);
  });

  test('new settings apply to new connections', async () => {
    await client.query(target, undefined, 'wh-1');
    const before = sockets;
    client.updateSettings(defaultSettings.http, { ...defaultNetworkSettings, proxyMode: 'none' });
    await client.query(target, undefined, 'wh-1');
    expect(sockets).toBe(before + 1);
  });

  test('new network settings are taken up', () => {
    client.updateSettings(defaultSettings.http, { ...defaultNetworkSettings, proxyMode: 'env' });
    expect(client.network.settings.proxyMode).toBe('env');
  });
});

describe('closing and stopping', () => {
  /** A service that holds every request until the test is done with it. */
  function holdRequests(): Promise<void> {
    return new Promise((arrived) => {
      answer = () => arrived();
    });
  }

  test('closing aborts a request in flight, and nothing is sent after', async () => {
    const arrived = holdRequests();
    const pending = failureOf(client.query(target, undefined, 'wh-1'));
    await arrived;
    await client.closePools();
    expect(await pending).toMatchObject({ kind: 'timeout' });
    expect(await failureOf(client.trigger(target, TOKEN, 'POST', {}))).toMatchObject({
      kind: 'internal',
      message: 'Robot Tray is closing, so the trigger was not sent.',
    });
    expect(seen).toHaveLength(1);
  });

  test('abortInFlight stops the requests in flight only; later ones go out', async () => {
    const arrived = holdRequests();
    const pending = failureOf(client.query(target, undefined, 'wh-1'));
    await arrived;
    client.abortInFlight();
    expect(await pending).toMatchObject({ kind: 'timeout' });
    answer = (_req, res) => json(res, { status: 'WAITING' });
    expect((await client.query(target, undefined, 'wh-1')).status).toBe('WAITING');
  });

  test('stopSending aborts what is in flight and sends nothing more', async () => {
    const arrived = holdRequests();
    const pending = failureOf(client.query(target, undefined, 'wh-1'));
    await arrived;
    client.stopSending();
    expect(await pending).toMatchObject({ kind: 'timeout' });
    expect(await failureOf(client.query(target, undefined, 'wh-1'))).toMatchObject({
      kind: 'timeout',
      maybeDelivered: false,
      message: 'Robot Tray stopped before sending the query, so nothing was sent.',
    });
    expect(seen).toHaveLength(1);
  });

  test('a request past its deadline ends as a timeout', async () => {
    client = new WebhookClient({ ...defaultSettings.http, requestDeadlineMs: 300 }, Date.now, network());
    void holdRequests();
    const error = await failureOf(client.query(target, undefined, 'wh-1'));
    expect(error).toMatchObject({ kind: 'timeout' });
  });
});

describe('a proxy address undici cannot use', () => {
  test.each([
    ['ftp://proxy.example:2121', 'The proxy address ftp://proxy.example:2121 (from --proxy) is not a usable'],
    // Shown without what may be a password (src/shared/net/proxyAddress.ts).
    ['not a url, user:secret', 'The proxy address not a url, user:… (from --proxy) is not a usable'],
  ])('%s: nothing was sent, and the call is unreachable with the proxy named', async (proxy, words) => {
    const proxied = new WebhookClient(
      defaultSettings.http,
      Date.now,
      new Network({ ...defaultNetworkSettings, proxyMode: 'none' }, { env: {}, proxy }),
    );
    try {
      // Not loopback: a loopback robot never goes through a proxy at all.
      const away = { origin: 'https://robots.example.com', basePath: '' };
      const error = await failureOf(proxied.trigger(away, TOKEN, 'POST', {}));
      expect(error).toMatchObject({ kind: 'network', maybeDelivered: false });
      expect(error.message).toContain(words);
      expect(error.message).not.toContain('secret');
      expect(seen).toHaveLength(0);
    } finally {
      await proxied.closePools();
    }
  });
});
