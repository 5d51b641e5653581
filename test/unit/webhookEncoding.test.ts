import { describe, expect, test } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { buildCurlCommand } from '../../src/core/http/curlCommand.ts';
import { encodeGetArguments } from '../../src/core/http/queryEncoding.ts';
import { EchoMask } from '../../src/core/echo/echoMask.ts';
import { excerpt } from '../../src/core/http/answerText.ts';
import { parseRetryAfter } from '../../src/core/http/retryAfter.ts';
import { encodePathSegment, queryPath, targetOf } from '../../src/core/http/targetUrl.ts';

describe('GET argument encoding', () => {
  test('each value type', () => {
    const query = encodeGetArguments({
      s: 'a b&c',
      n: 12.5,
      t: true,
      f: false,
      list: ['x', 2, true],
    });
    const params = new URLSearchParams(query);
    expect(params.get('s')).toBe('a b&c');
    expect(params.get('n')).toBe('12.5');
    expect(params.get('t')).toBe('true');
    expect(params.get('f')).toBe('false');
    expect(params.getAll('list')).toEqual(['x', '2', 'true']);
  });

  test('a nested object is refused with a hint to use POST', () => {
    expect(() => encodeGetArguments({ order: { id: 1 } })).toThrow(/"order".*nested object.*POST/);
    expect(() => encodeGetArguments({ grid: [[1]] })).toThrow(/list inside a list/);
  });
});

describe('query path of a webhookCallId', () => {
  const target = { origin: 'https://svc.example', basePath: '/api' };
  test.each(['a/b', 'a?b=1', 'a#b', '..%2f', '../../admin', '%2e%2e', 'x y', 'ü'])(
    '%s stays one segment',
    (id) => {
      const path = queryPath(target, id);
      const segment = path.slice('/api/prod/1/customer/robot/webhookResponse/'.length);
      expect(path.startsWith('/api/prod/1/customer/robot/webhookResponse/')).toBe(true);
      expect(segment).not.toMatch(/[/?#.]/);
      expect(decodeURIComponent(segment)).toBe(id);
      expect(new URL(path, target.origin).pathname).toBe(path);
    },
  );

  test.each(['', '.', '..', '...'])('refuses %j', (id) => {
    expect(() => queryPath(target, id)).toThrow(AppError);
  });

  test('encodes every reserved character', () => {
    expect(encodePathSegment("a.b~c!d'e(f)g*h")).toBe('a%2Eb%7Ec%21d%27e%28f%29g%2Ah');
  });
});

describe('targetOf', () => {
  const robot = (baseUrl: string, allowInsecureHttp = false) => ({ baseUrl, allowInsecureHttp, name: 'R' });
  test('https anywhere, http only on loopback unless allowed', () => {
    expect(targetOf(robot('https://svc.example/base'))).toMatchObject({
      origin: 'https://svc.example',
      basePath: '/base',
    });
    expect(targetOf(robot('http://127.0.0.1:4780')).origin).toBe('http://127.0.0.1:4780');
    expect(targetOf(robot('http://[::1]:4780')).origin).toBe('http://[::1]:4780');
    expect(() => targetOf(robot('http://svc.example'))).toThrow(/unencrypted/);
    expect(targetOf(robot('http://svc.example', true)).origin).toBe('http://svc.example');
    expect(() => targetOf(robot('http://127.0.0.1.evil.example'))).toThrow(/unencrypted/);
  });
});

describe('Retry-After', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  test('seconds and HTTP-date', () => {
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter(new Date(now + 5_000).toUTCString(), now)).toBe(5_000);
    expect(parseRetryAfter(new Date(now - 5_000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('redaction', () => {
  test('removes the token wherever it appears and any token header', () => {
    const text = 'bad token tok-123 in {"x-service-token":"other-secret"} x-service-token: abc';
    const out = EchoMask.ofSecrets(['tok-123']).mask(text, 'text');
    expect(out).not.toContain('tok-123');
    expect(out).not.toContain('other-secret');
    expect(out).not.toContain('abc');
  });
  test('excerpt folds whitespace and cuts', () => {
    expect(excerpt('a\n\n b', 10)).toBe('a b');
    expect(excerpt('x'.repeat(300)).length).toBe(201);
  });
});

describe('curl command', () => {
  const target = { origin: 'http://127.0.0.1:4780', basePath: '' };
  test('POST carries JSON, quoted for the shell, token from the environment', () => {
    const cmd = buildCurlCommand(target, 'POST', { name: "O'Brien", n: 1 });
    expect(cmd).toContain(`--data-raw '{"name":"O'\\''Brien","n":1}'`);
    // The token reaches curl on stdin through printf (a builtin), never in an argv.
    expect(
      cmd.startsWith(
        `: "\${ROBOT_TOKEN:?set ROBOT_TOKEN to the robot webhook token first}" && printf 'x-service-token: %s\\n' "$ROBOT_TOKEN" | curl `,
      ),
    ).toBe(true);
    expect(cmd).toContain(' -H @- ');
    expect(cmd).toContain("'http://127.0.0.1:4780/main/public/webhook/request'");
  });
  test('GET puts arguments in the query string', () => {
    expect(buildCurlCommand(target, 'GET', { a: 'x y' })).toContain('/main/public/webhook/request?a=x+y');
  });
});
