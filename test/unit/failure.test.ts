import { describe, expect, test } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { transportFailure } from '../../src/core/http/failure.ts';
import { TlsRefusal } from '../../src/core/http/tlsGuard.ts';

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

describe('certificate failures known only by their code (a proxy’s own TLS, an older socket)', () => {
  const ADD_CA =
    "add that CA's certificate: a CA file in Robot Tray's settings, on the robot, or robot-tray --ca FILE; " +
    "or install it in this computer's certificate store (trusted by default)";
  test.each([
    [
      'CERT_HAS_EXPIRED',
      `The certificate of ${HOST} has expired. The service's administrators must renew it; check this computer's clock too.`,
    ],
    [
      'CERT_NOT_YET_VALID',
      `The certificate of ${HOST} is not valid yet. Check this computer's clock and date.`,
    ],
    [
      'ERR_TLS_CERT_ALTNAME_INVALID',
      `The certificate of ${HOST} is for another host name. Check the host name in the robot's base URL.`,
    ],
    [
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      `${HOST} presented a self-signed certificate that nothing vouches for. If you know it is the service’s own, accept it for the robot, or ${ADD_CA}.`,
    ],
    [
      'SELF_SIGNED_CERT_IN_CHAIN',
      `The certificate of ${HOST} was issued by an authority this computer does not trust. If your company uses its own certificate authority, ${ADD_CA}.`,
    ],
    [
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      `The certificate of ${HOST} was issued by an authority this computer does not trust. If your company uses its own certificate authority, ${ADD_CA}.`,
    ],
    [
      'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
      `The certificate of ${HOST} was issued by an authority this computer does not trust. If your company uses its own certificate authority, ${ADD_CA}.`,
    ],
  ])('%s says what is wrong with the certificate; nothing was sent', (code, sentence) => {
    const thrown = Object.assign(new Error('x'), { code });
    const error = transportFailure(thrown, HOST, 'trigger');
    expect(error.kind).toBe('network');
    expect(error.maybeDelivered).toBe(false);
    expect(error.message).toBe(sentence);
    expect(error.cause).toBe(thrown);
  });

  test('another OpenSSL failure still counts as not sent and points to doctor', () => {
    const code = 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE';
    const error = failure(code, 'trigger');
    expect(error.kind).toBe('network');
    expect(error.maybeDelivered).toBe(false);
    expect(error.message).toBe(
      `Could not reach ${HOST} (${code}). The secure connection could not be set up; run robot-tray doctor ROBOT to see why.`,
    );
  });

  test('plain http on the https port keeps the socket error for diagnosis', () => {
    const thrown = Object.assign(new Error('x'), { code: 'ERR_SSL_WRONG_VERSION_NUMBER' });
    const error = transportFailure(thrown, HOST, 'trigger');
    expect(error).toMatchObject({ kind: 'network', maybeDelivered: false });
    expect(error.cause).toBe(thrown);
  });
});

describe('Robot Tray’s own refusal of a certificate', () => {
  const refusal = new TlsRefusal(
    'expired',
    {
      protocol: 'TLSv1.3',
      cipher: 'TLS_AES_128_GCM_SHA256',
      authorized: false,
      authorizationError: 'CERT_HAS_EXPIRED',
      chain: [
        {
          subject: 'svc.example',
          issuer: 'Example CA',
          names: ['svc.example'],
          validFrom: '2025-01-01T00:00:00.000Z',
          validTo: '2026-01-01T00:00:00.000Z',
          fingerprint256: Array.from({ length: 32 }, () => 'AB').join(':'),
        },
      ],
    },
    'svc.example',
    null,
  );

  test('found under undici’s wrapper: its sentence, nothing sent, the refusal kept', () => {
    const wrapped = new TypeError('fetch failed', { cause: refusal });
    const error = transportFailure(wrapped, HOST, 'trigger');
    expect(error).toMatchObject({ kind: 'network', maybeDelivered: false });
    expect(error.message).toContain(`The certificate of ${HOST} ("svc.example") expired on 2026-01-01.`);
    expect(error.cause).toBe(wrapped);
  });

  test('known only by its code (copied across a boundary), it still counts as not sent', () => {
    const copied = { message: refusal.message, code: 'ROBOT_TRAY_TLS_REFUSED' };
    const error = transportFailure(copied, HOST, 'trigger');
    expect(error.kind).toBe('network');
    expect(error.maybeDelivered).toBe(false);
  });
});

describe('a proxy that cannot be reached or will not open the tunnel', () => {
  const PROXY = 'http://proxy.corp:3128';
  test.each([
    ['ECONNREFUSED', 'connection refused'],
    ['ENOTFOUND', 'host name not found'],
    ['EAI_AGAIN', 'host name not found'],
    ['EHOSTUNREACH', 'EHOSTUNREACH'],
    ['ENETUNREACH', 'ENETUNREACH'],
  ])('%s through a proxy names the proxy, not the service; nothing was sent', (code, described) => {
    const thrown = Object.assign(new Error('x'), { code });
    const error = transportFailure(thrown, HOST, 'trigger', PROXY);
    expect(error.kind).toBe('network');
    expect(error.maybeDelivered).toBe(false);
    expect(error.message).toBe(
      `Could not reach the proxy ${PROXY} (${described}), so nothing reached ${HOST}. ` +
        'Check the proxy address in settings or in HTTPS_PROXY, or whether a proxy is needed at all.',
    );
    expect(error.cause).toBe(thrown);
  });

  test('the proxy closing before the tunnel opened keeps its error for diagnosis', () => {
    const thrown = Object.assign(new Error('Proxy Connection failed'), { code: 'UND_ERR_PRX_CONN' });
    expect(transportFailure(thrown, HOST, 'trigger', PROXY).cause).toBe(thrown);
  });

  const tunnel = (status: number) =>
    new TypeError('fetch failed', {
      cause: Object.assign(new Error(`Proxy response (${status}) !== 200 when HTTP Tunneling`), {
        code: 'UND_ERR_ABORTED',
      }),
    });

  test('407: the proxy wants a user name and password, and where they go', () => {
    const error = transportFailure(tunnel(407), HOST, 'trigger', PROXY);
    expect(error).toMatchObject({ kind: 'network', maybeDelivered: false, status: 407 });
    expect(error.message).toBe(
      `The proxy ${PROXY} asked for a user name and password (HTTP 407 Proxy Authentication Required), so nothing reached ${HOST}. ` +
        'Set the proxy user and password in Robot Tray’s settings (the password is kept in the keychain), ' +
        'or put them in the proxy URL of HTTPS_PROXY; check them if they are set.',
    );
  });

  test('403: the proxy does not allow this destination; ask IT or bypass it', () => {
    expect(transportFailure(tunnel(403), HOST, 'query', PROXY).message).toBe(
      `The proxy ${PROXY} refused to open a connection to ${HOST} (HTTP 403). ` +
        'The proxy does not allow this destination; ask your IT department to allow it, or bypass the proxy for this host.',
    );
  });

  test('another status: the proxy could not reach the service', () => {
    const error = transportFailure(tunnel(502), HOST, 'trigger', PROXY);
    expect(error).toMatchObject({ kind: 'network', status: 502 });
    expect(error.message).toBe(
      `The proxy ${PROXY} refused to open a connection to ${HOST} (HTTP 502). ` +
        'The proxy could not reach the service: check the base URL, or whether this host should bypass the proxy.',
    );
  });
});
