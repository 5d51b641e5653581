import { createServer, type Server } from 'node:http';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readAnswer, throwForStatus, type RawResponse } from '../../src/core/http/answerRead.ts';
import {
  answerDetail,
  exactResponseText,
  httpMessage,
  parseJsonObject,
  serviceMessage,
  topLevelScalars,
} from '../../src/core/http/answerText.ts';
import { DESIGNER_TOKEN_STEPS } from '../../src/shared/sentences/tokenSteps.ts';
import { EchoMask } from '../../src/core/echo/echoMask.ts';

/** How the service's answers are read and put into words for people. */
const HOST = 'robots.corp';
const TOKEN = 'tok-7f3a-secret';
const MASK = EchoMask.ofSecrets([TOKEN]);
/** An answer's text as the client hands it on: masked of the token first. */
const masked = (text: string) => MASK.mask(text, 'json');

describe('an error status in words: what happened and what to do', () => {
  test.each([
    [
      401,
      'trigger',
      `The service refused the token (HTTP 401). It said: bad token. Generate a new token ${DESIGNER_TOKEN_STEPS} it, and set it in Robot Tray.`,
    ],
    [
      403,
      'query',
      "The service refused the status query (HTTP 403). It said: bad token. Check the robot's token and whether queries should send it.",
    ],
    [
      404,
      'trigger',
      "The trigger address was not found on robots.corp (HTTP 404). It said: bad token. Check the robot's base URL.",
    ],
    [
      404,
      'query',
      'The service no longer knows this run (HTTP 404): its result has expired or the id is wrong.',
    ],
    [413, 'trigger', 'The service refused the arguments as too large (HTTP 413). It said: bad token.'],
    [
      429,
      'query',
      'The service is rate limiting Robot Tray (HTTP 429). It said: bad token. Wait a little before trying again.',
    ],
    [500, 'query', 'The service had an error (HTTP 500). It said: bad token. Try again later.'],
    [503, 'trigger', 'The service had an error (HTTP 503). It said: bad token. Try again later.'],
    [
      499,
      'trigger',
      'The service rejected the trigger (HTTP 499). It said: bad token. Check the arguments and the robot settings.',
    ],
  ] as const)('HTTP %i to a %s', (code, action, message) => {
    expect(httpMessage(code, action, HOST, 'bad token')).toBe(message);
  });

  test('without words from the service, nothing is quoted; a 413 then gives its own advice', () => {
    expect(httpMessage(500, 'query', HOST, '')).toBe('The service had an error (HTTP 500). Try again later.');
    expect(httpMessage(413, 'trigger', HOST, '')).toBe(
      'The service refused the arguments as too large (HTTP 413). Send fewer or smaller arguments.',
    );
  });
});

describe("the service's own words", () => {
  test.each([
    [{ error: { message: 'nested' }, message: 'top' }, 'nested'],
    [{ error: 'as text', message: 'top' }, 'as text'],
    [{ error: { code: 7 }, message: 'top' }, 'top'],
    [{ reason: 'why' }, 'why'],
    [{ detail: 'more' }, 'more'],
    [{ message: '  two\n\n lines  ' }, 'two lines'],
    [{ message: '   ', reason: 'the reason' }, 'the reason'],
  ])('%j says %j', (body, said) => {
    expect(serviceMessage(body)).toBe(said);
  });

  test.each([null, 'text', 5, ['message'], {}, { message: 7 }])('%j says nothing', (body) => {
    expect(serviceMessage(body)).toBeUndefined();
  });

  test('a long message is cut to 300 characters', () => {
    expect(serviceMessage({ message: 'x'.repeat(300) })).toBe('x'.repeat(300));
    expect(serviceMessage({ message: 'x'.repeat(301) })).toBe(`${'x'.repeat(299)}…`);
  });

  test("an error answer's detail: its message when JSON says one, else the start of its text", () => {
    expect(answerDetail('{"error":{"message":"quota used up"}}')).toBe('quota used up');
    expect(answerDetail('{"status":"x"}')).toBe('{"status":"x"}');
    expect(answerDetail('<html>\n  Bad gateway\n</html>')).toBe('<html> Bad gateway </html>');
  });
});

describe('reading an answer as JSON', () => {
  test('not JSON: a protocol error quoting the start, redacted; a trigger may have been delivered', () => {
    const error = (() => {
      try {
        parseJsonObject(masked(`<html>${TOKEN}</html>`), 'trigger');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toMatchObject({ kind: 'protocol', maybeDelivered: true });
    expect((error as Error).message).toMatch(
      /^The service's answer to the trigger is not JSON: <html>.*<\/html>\. /,
    );
    expect((error as Error).message).not.toContain(TOKEN);
    expect((error as Error).message).toContain('Check that the base URL points at the robot service.');
    expect(() => parseJsonObject('', 'query')).toThrow(
      expect.objectContaining({
        maybeDelivered: false,
        message: expect.stringContaining('is not JSON: (empty).'),
      }),
    );
  });

  test('JSON that is not an object is refused', () => {
    for (const text of ['[]', '"x"', '5', 'null']) {
      expect(() => parseJsonObject(text, 'query')).toThrow(
        expect.objectContaining({
          kind: 'protocol',
          maybeDelivered: false,
          message: "The service's answer to the query is JSON but not an object.",
        }),
      );
    }
    expect(() => parseJsonObject('[]', 'trigger')).toThrow(expect.objectContaining({ maybeDelivered: true }));
  });

  test('an answer too deep to keep: its top-level scalars, a __proto__ key as a plain field', () => {
    const json = JSON.parse(
      '{"status":"DONE","n":1,"ok":true,"none":null,"deep":{"a":1},"list":[1],"__proto__":"x"}',
    );
    const kept = topLevelScalars(json);
    expect(JSON.stringify(kept)).toBe('{"status":"DONE","n":1,"ok":true,"none":null,"__proto__":"x"}');
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
  });

  test("a response's exact text only when a number would change, redacted of the token", () => {
    expect(exactResponseText(masked('{"status":"DONE","response":{"id":12}}'))).toBeUndefined();
    expect(
      exactResponseText(masked(`{"status":"DONE","response":{"id":12345678901234567890,"t":"${TOKEN}"}}`)),
    ).toBe('{"id":12345678901234567890,"t":"[redacted]"}');
    expect(exactResponseText(masked('{"status":"DONE","other":12345678901234567890}'))).toBeUndefined();
    expect(exactResponseText(masked('[12345678901234567890]'))).toBeUndefined();
    expect(exactResponseText(masked('{"response": 12345678901234567890'))).toBeUndefined();
  });
});

describe('an answer by its status', () => {
  const raw = (statusCode: number, headers: RawResponse['headers'] = {}, text = ''): RawResponse => ({
    statusCode,
    headers,
    text,
  });
  const target = { origin: 'https://robots.corp', basePath: '' };
  const thrown = (r: RawResponse) => {
    try {
      throwForStatus(r, MASK, target, 'trigger', Date.UTC(2026, 0, 1));
    } catch (error) {
      return error as { kind: string; status: number; message: string; retryAfterMs?: number };
    }
    return undefined;
  };

  test('2xx passes', () => {
    expect(thrown(raw(200))).toBeUndefined();
    expect(thrown(raw(299))).toBeUndefined();
  });

  test('a redirect is never followed, and its target is shown redacted', () => {
    const moved = thrown(raw(302, { location: `https://elsewhere/?t=${TOKEN}` }));
    expect(moved).toMatchObject({ kind: 'http', status: 302 });
    expect(moved?.message).toContain('with a redirect (HTTP 302) to https://elsewhere/?t=[redacted].');
    expect(thrown(raw(300, {}))?.message).toContain('(HTTP 300) to an unnamed place.');
    expect(thrown(raw(399, { location: ['/a', '/b'] }))?.message).toContain('to /a.');
  });

  test('an error status carries what the service said, redacted, and its Retry-After', () => {
    const limited = thrown(raw(429, { 'retry-after': '30' }, `{"message":"slow down ${TOKEN}"}`));
    expect(limited).toMatchObject({ kind: 'http', status: 429, retryAfterMs: 30_000 });
    expect(limited?.message).toContain('It said: slow down [redacted]');
    const failed = thrown(raw(400));
    expect(failed).toMatchObject({ status: 400 });
    expect(failed?.message).toContain('The service rejected the trigger (HTTP 400).');
    expect(failed).not.toHaveProperty('retryAfterMs', expect.anything());
  });
});

describe('reading an answer off the wire', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((req, res) => res.end(req.url === '/big' ? 'x'.repeat(5_000) : '{"ok":true}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const read = (path: string, cap: number, action: 'trigger' | 'query') => {
    const pool = new Pool(origin);
    return readAnswer(
      pool,
      { origin, basePath: '' },
      { method: 'GET', path, headers: {}, body: undefined },
      cap,
      AbortSignal.timeout(10_000),
      action,
    ).finally(() => pool.close());
  };

  test('an answer within the cap is read whole', async () => {
    expect(await read('/small', 11, 'query')).toMatchObject({ statusCode: 200, text: '{"ok":true}' });
  });

  test('past the cap it is refused for good; for a trigger, the robot has probably started', async () => {
    await expect(read('/big', 1_000, 'trigger')).rejects.toMatchObject({
      kind: 'protocol',
      maybeDelivered: true,
      permanent: true,
      message: expect.stringMatching(
        /Raise the limit in settings if this is expected\. The robot has probably started\.$/,
      ),
    });
    await expect(read('/big', 1_000, 'query')).rejects.toMatchObject({
      maybeDelivered: false,
      message: expect.stringMatching(/Raise the limit in settings if this is expected\.$/),
    });
  });
});
