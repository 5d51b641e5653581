import { describe, expect, test } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { transportFailure } from '../../src/core/http/failure.ts';

/**
 * A transport failure decides what a trigger's call becomes: "unreachable"
 * (nothing was sent, firing again is safe) or "unknown" (the robot may have
 * started, check before firing again). So each code's side of that line is
 * checked here, with the sentence people read.
 */

const HOST = 'svc.example:8443';

function failure(code: unknown, action: 'trigger' | 'query' = 'trigger'): AppError {
  return transportFailure(Object.assign(new Error('socket trouble'), { code }), HOST, action);
}

const MAY_HAVE_STARTED = ' The robot may or may not have started; check the service before firing again.';

describe('failures before the request left: unreachable, safe to fire again', () => {
  test.each([
    ['ECONNREFUSED', 'connection refused', 'Check that the service is running and the base URL is right.'],
    ['ENOTFOUND', 'host name not found', 'Check the base URL spelling and your DNS.'],
    ['EAI_AGAIN', 'host name not found', 'Check the base URL spelling and your DNS.'],
    ['EHOSTUNREACH', 'EHOSTUNREACH', 'Check that the service is running and the base URL is right.'],
    ['ENETUNREACH', 'ENETUNREACH', 'Check that the service is running and the base URL is right.'],
    ['EHOSTDOWN', 'EHOSTDOWN', 'Check that the service is running and the base URL is right.'],
    ['EADDRNOTAVAIL', 'EADDRNOTAVAIL', 'Check that the service is running and the base URL is right.'],
    [
      'UND_ERR_INVALID_ARG',
      'UND_ERR_INVALID_ARG',
      'Check that the service is running and the base URL is right.',
    ],
    [
      'ERR_TLS_HANDSHAKE_TIMEOUT',
      'TLS: ERR_TLS_HANDSHAKE_TIMEOUT',
      'The secure connection could not be set up; run robot-tray doctor ROBOT to see why.',
    ],
  ])('%s: "%s", with the next step', (code, described, hint) => {
    for (const action of ['trigger', 'query'] as const) {
      const error = failure(code, action);
      expect(error).toBeInstanceOf(AppError);
      expect(error.kind).toBe('network');
      expect(error.maybeDelivered).toBe(false);
      expect(error.message).toBe(`Could not reach ${HOST} (${described}). ${hint}`);
    }
  });

  test('a connect timeout is a timeout that sent nothing, and says to check the address', () => {
    const error = failure('UND_ERR_CONNECT_TIMEOUT');
    expect(error.kind).toBe('timeout');
    expect(error.maybeDelivered).toBe(false);
    expect(error.message).toBe(`Could not connect to ${HOST} in time. Check the address and your network.`);
  });
});

describe('failures after the request may have arrived: the robot may have started', () => {
  test.each(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])(
    '%s is a timeout that may have been delivered; a trigger warns before firing again',
    (code) => {
      const trigger = failure(code, 'trigger');
      expect(trigger.kind).toBe('timeout');
      expect(trigger.maybeDelivered).toBe(true);
      expect(trigger.message).toBe(`${HOST} took too long to answer the trigger.${MAY_HAVE_STARTED}`);
      const query = failure(code, 'query');
      expect(query.kind).toBe('timeout');
      expect(query.maybeDelivered).toBe(true);
      expect(query.message).toBe(`${HOST} took too long to answer the query.`);
    },
  );

  test.each([
    ['ECONNRESET', 'connection reset'],
    ['UND_ERR_SOCKET', 'the other side closed the connection'],
    ['EPIPE', 'EPIPE'],
    ['UND_ERR_ABORTED', 'UND_ERR_ABORTED'],
  ])('%s during the exchange: "%s", maybe delivered', (code, described) => {
    const trigger = failure(code, 'trigger');
    expect(trigger.kind).toBe('network');
    expect(trigger.maybeDelivered).toBe(true);
    expect(trigger.message).toBe(
      `The connection to ${HOST} broke during the trigger (${described}).${MAY_HAVE_STARTED}`,
    );
    const query = failure(code, 'query');
    expect(query.maybeDelivered).toBe(true);
    expect(query.message).toBe(`The connection to ${HOST} broke during the query (${described}).`);
  });

  test('a failure with no code at all cannot be called undelivered', () => {
    for (const thrown of [new Error('boom'), 'a string', null, undefined, 42]) {
      const error = transportFailure(thrown, HOST, 'trigger');
      expect(error.kind).toBe('network');
      expect(error.maybeDelivered).toBe(true);
      expect(error.message).toBe(
        `The connection to ${HOST} broke during the trigger (UNKNOWN).${MAY_HAVE_STARTED}`,
      );
    }
  });
});

describe('where the code is found', () => {
  test('undici and fetch wrap the socket error: the code is read through the cause chain', () => {
    const deep = new TypeError('fetch failed', {
      cause: new Error('connect failed', { cause: Object.assign(new Error('x'), { code: 'ENOTFOUND' }) }),
    });
    expect(transportFailure(deep, HOST, 'trigger')).toMatchObject({ kind: 'network', maybeDelivered: false });
    expect(transportFailure(deep, HOST, 'trigger').message).toContain('(host name not found)');
  });

  test('the outermost code wins over a cause', () => {
    const error = Object.assign(new Error('reset'), {
      code: 'ECONNRESET',
      cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
    });
    expect(transportFailure(error, HOST, 'trigger').maybeDelivered).toBe(true);
  });

  test('a code that is not text (an errno number) is skipped for the cause', () => {
    const error = Object.assign(new Error('x'), {
      code: -111,
      cause: Object.assign(new Error('y'), { code: 'ECONNREFUSED' }),
    });
    expect(transportFailure(error, HOST, 'trigger').message).toContain('(connection refused)');
  });

  test('a plain object with a code counts like an Error', () => {
    expect(transportFailure({ code: 'ECONNREFUSED' }, HOST, 'trigger').maybeDelivered).toBe(false);
  });

  test('the cause chain is read only a few levels deep, so a cycle ends', () => {
    const cyclic: { message: string; cause?: unknown } = { message: 'loop' };
    cyclic.cause = cyclic;
    expect(transportFailure(cyclic, HOST, 'query').message).toContain('(UNKNOWN)');
    const nest = (depth: number): unknown =>
      depth === 0 ? { code: 'ECONNREFUSED' } : { message: `level ${depth}`, cause: nest(depth - 1) };
    expect(transportFailure(nest(3), HOST, 'trigger').maybeDelivered).toBe(false);
    expect(transportFailure(nest(4), HOST, 'trigger').maybeDelivered).toBe(true);
  });

  test('a cause that is not an object ends the walk', () => {
    const error = { message: 'x', cause: 'ECONNREFUSED' };
    expect(transportFailure(error, HOST, 'trigger').message).toContain('(UNKNOWN)');
  });

  test('the original error is kept as the cause for diagnosis', () => {
    const original = Object.assign(new Error('x'), { code: 'ECONNRESET' });
    expect(transportFailure(original, HOST, 'trigger').cause).toBe(original);
    const refused = Object.assign(new Error('x'), { code: 'ECONNREFUSED' });
    expect(transportFailure(refused, HOST, 'trigger').cause).toBe(refused);
    const connect = Object.assign(new Error('x'), { code: 'UND_ERR_CONNECT_TIMEOUT' });
    expect(transportFailure(connect, HOST, 'trigger').cause).toBe(connect);
    const slow = Object.assign(new Error('x'), { code: 'UND_ERR_HEADERS_TIMEOUT' });
    expect(transportFailure(slow, HOST, 'trigger').cause).toBe(slow);
  });

  test('an AppError already classified passes through unchanged', () => {
    const classified = new AppError('http', 'The service refused the token.', { status: 401 });
    expect(transportFailure(classified, HOST, 'trigger')).toBe(classified);
  });
});

describe('a proxy that fails before the tunnel opens', () => {
  // undici's ProxyConnectionError wraps the socket error of a proxy that closed during CONNECT.
  const closedDuringConnect = Object.assign(new Error('Proxy Connection failed'), {
    code: 'UND_ERR_PRX_CONN',
    cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
  });

  test('is a not-sent failure naming the proxy: the call is unreachable, not unknown', () => {
    const error = transportFailure(closedDuringConnect, HOST, 'trigger', 'http://proxy.corp:3128');
    expect(error.kind).toBe('network');
    expect(error.maybeDelivered).toBe(false);
    expect(error.message).toBe(
      `The proxy http://proxy.corp:3128 closed the connection before the tunnel to ${HOST} was open, so nothing reached ${HOST}. ` +
        'Check that the proxy is running and allows this destination, or whether a proxy is needed at all.',
    );
  });

  test('without the proxy known it still says nothing reached the service', () => {
    const error = transportFailure(closedDuringConnect, HOST, 'trigger');
    expect(error.maybeDelivered).toBe(false);
    expect(error.message).toMatch(/^The proxy closed the connection before the tunnel/);
  });
});
