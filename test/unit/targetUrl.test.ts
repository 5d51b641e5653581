import { describe, expect, test } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import {
  encodePathSegment,
  isUsableCallId,
  callIdProblem,
  queryPath,
  targetOf,
  triggerPath,
} from '../../src/core/http/targetUrl.ts';

/**
 * Where a robot's token may travel. These feed misleading addresses on
 * purpose: each one that slipped through would send a token in clear text or
 * to a path the user never configured.
 */

const robot = (baseUrl: string, allowInsecureHttp = false) => ({
  baseUrl,
  allowInsecureHttp,
  name: 'Invoice sync',
});

function refusal(baseUrl: string, allowInsecureHttp = false): AppError {
  try {
    targetOf(robot(baseUrl, allowInsecureHttp));
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`${baseUrl} was accepted`);
}

describe('a robot base URL: which scheme and host may carry its token', () => {
  test('text that is not a URL is a validation error naming the robot and what to do', () => {
    const error = refusal('not a url');
    expect(error.kind).toBe('validation');
    expect(error.message).toBe('Robot "Invoice sync" has an invalid base URL. Edit the robot and fix it.');
  });

  test.each(['ftp://svc.example/', 'file:///etc/passwd', 'ws://127.0.0.1:4780', 'javascript:alert(1)'])(
    'a scheme other than https or http is refused: %s',
    (baseUrl) => {
      const error = refusal(baseUrl);
      expect(error.kind).toBe('validation');
      expect(error.message).toBe('Robot "Invoice sync": the base URL must start with https://.');
    },
  );

  test.each(['ftp://svc.example/', 'ws://svc.example/'])(
    'allowing insecure http does not open other schemes: %s',
    (baseUrl) => {
      expect(refusal(baseUrl, true).message).toMatch(/must start with https:\/\//);
    },
  );

  test.each([
    'http://10.0.0.7:4780',
    'http://1.2.3.4',
    'http://128.0.0.1',
    'http://192.168.1.127',
    'http://svc.example',
    'http://localhost.evil.example',
    'http://127.0.0.1.evil.example',
  ])('plain http to %s is refused unless allowed, naming the host and both ways out', (baseUrl) => {
    const error = refusal(baseUrl);
    const host = new URL(baseUrl).host;
    expect(error.kind).toBe('validation');
    expect(error.message).toBe(
      `Robot "Invoice sync" uses plain http to ${host}, which would send its token unencrypted. ` +
        'Use an https:// base URL, or allow insecure http for this robot if you accept the risk.',
    );
    expect(targetOf(robot(baseUrl, true)).origin).toBe(new URL(baseUrl).origin);
  });

  test.each([
    ['http://localhost:4780', 'http://localhost:4780'],
    ['http://LOCALHOST:4780', 'http://localhost:4780'],
    ['http://127.0.0.1:4780', 'http://127.0.0.1:4780'],
    ['http://127.200.3.4', 'http://127.200.3.4'],
    ['http://[::1]:4780', 'http://[::1]:4780'],
  ])('plain http on loopback needs no permission: %s', (baseUrl, origin) => {
    expect(targetOf(robot(baseUrl)).origin).toBe(origin);
  });

  test('https needs no permission anywhere', () => {
    expect(targetOf(robot('https://10.0.0.7:8443/x'))).toMatchObject({
      origin: 'https://10.0.0.7:8443',
      basePath: '/x',
    });
  });

  test.each([
    ['https://svc.example', ''],
    ['https://svc.example/', ''],
    ['https://svc.example/api', '/api'],
    ['https://svc.example/api/', '/api'],
    ['https://svc.example/api///', '/api'],
    ['https://svc.example/a/b//', '/a/b'],
  ])('the base path of %s loses every trailing slash: %j', (baseUrl, basePath) => {
    const target = targetOf(robot(baseUrl));
    expect(target.basePath).toBe(basePath);
    // So the endpoints join with exactly one slash.
    expect(triggerPath(target, '')).toBe(`${basePath}/main/public/webhook/request`);
  });

  test('the origin drops the path, query and credentials the token must not be mixed with', () => {
    expect(targetOf(robot('https://user:pw@svc.example:444/api/?x=1#frag'))).toMatchObject({
      origin: 'https://svc.example:444',
      basePath: '/api',
    });
  });
});

describe('the query path of a webhookCallId', () => {
  const target = { origin: 'https://svc.example', basePath: '/api' };

  test('an id of up to 2,048 characters is used; a longer one is refused as a protocol error', () => {
    const longest = 'a'.repeat(2048);
    expect(queryPath(target, longest)).toBe(`/api/prod/1/customer/robot/webhookResponse/${longest}`);
    expect(isUsableCallId(longest)).toBe(true);
    expect(isUsableCallId(longest + 'a')).toBe(false);
    let error: unknown;
    try {
      queryPath(target, longest + 'a');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      kind: 'protocol',
      permanent: true,
      message:
        "The webhookCallId of this run is 2,049 characters long, more than Robot Tray's limit of 2,048, so it cannot be put in a status query.",
    });
  });

  test.each([
    ['', 'is empty'],
    ['..', 'is only dots'],
    ['ab\uD800cd', 'lone UTF-16 surrogate'],
    ['\uDC00', 'lone UTF-16 surrogate'],
    ['x'.repeat(3000), '3,000 characters long'],
  ])('an unusable id %#: callIdProblem says why (%s)', (id, why) => {
    expect(callIdProblem(id)).toContain(why);
  });

  test('a whole surrogate pair (an emoji) is a usable id, encoded as UTF-8', () => {
    expect(callIdProblem('run-\u{1F600}')).toBeUndefined();
    expect(queryPath(target, 'run-\u{1F600}')).toMatch(/%F0%9F%98%80$/);
  });

  test.each(['a.', '.a', 'a..b', '..a', 'v1.2'])('an id with dots and something else is usable: %s', (id) => {
    expect(isUsableCallId(id)).toBe(true);
    expect(queryPath(target, id)).toBe(`/api/prod/1/customer/robot/webhookResponse/${encodePathSegment(id)}`);
  });

  test.each(['', '.', '..', '....'])('an empty or dots-only id is refused: %j', (id) => {
    expect(isUsableCallId(id)).toBe(false);
  });

  test('a single character id is usable', () => {
    expect(isUsableCallId('7')).toBe(true);
  });
});

describe('the trigger path', () => {
  const target = { origin: 'https://svc.example', basePath: '/api' };
  test('no query adds no "?"; a query follows one "?"', () => {
    expect(triggerPath(target, '')).toBe('/api/main/public/webhook/request');
    expect(triggerPath(target, 'a=1&b=2')).toBe('/api/main/public/webhook/request?a=1&b=2');
  });
});

describe('what a robot’s connection carries besides its address', () => {
  test('the certificate accepted for the robot and its own CA file go with it; none when it has none', () => {
    const pin = Array.from({ length: 32 }, () => 'AB').join(':');
    const target = targetOf({
      ...robot('https://robots.corp'),
      pinnedCertSha256: pin,
      pinnedCertOrigin: 'https://robots.corp',
      caFile: '/etc/corp-ca.pem',
    });
    expect(target).toMatchObject({ pin, caFile: '/etc/corp-ca.pem', robotName: 'Invoice sync' });
    expect(targetOf(robot('https://robots.corp'))).toMatchObject({ pin: null, caFile: null });
  });

  test('an accepted certificate vouches only for the origin it was accepted for', () => {
    const pin = Array.from({ length: 32 }, () => 'CD').join(':');
    const at = (baseUrl: string, pinnedCertOrigin: string | null) =>
      targetOf({ ...robot(baseUrl), pinnedCertSha256: pin, pinnedCertOrigin }).pin;
    expect(at('https://robots.corp/api', 'https://robots.corp')).toBe(pin);
    expect(at('https://attacker.example', 'https://robots.corp')).toBeNull();
    expect(at('https://robots.corp:8443', 'https://robots.corp')).toBeNull();
    expect(at('https://robots.corp', null)).toBeNull();
  });
});
