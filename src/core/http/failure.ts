import { AppError } from '../errors.ts';
import { NOT_TLS_CODES, refusalSentence, tlsCodeSentence } from './tlsFailure.ts';
import { TlsRefusal } from './tlsGuard.ts';

/**
 * Error codes meaning the connection never got as far as sending our request.
 * A connect timeout and the certificate codes with a sentence of their own
 * (tlsCodeSentence) are answered before this list is read, so they are not in it.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
  // undici refused the request itself (e.g. an invalid header value): nothing was sent.
  'UND_ERR_INVALID_ARG',
  // Robot Tray's own refusal of a certificate, right after the handshake, known only by its code
  // (a TlsRefusal itself has its own sentence above).
  'ROBOT_TRAY_TLS_REFUSED',
]);

/** The first error in the cause chain that matches, a few levels deep (a cycle ends). */
function findInChain<T>(error: unknown, pick: (value: object) => T | undefined): T | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const found = pick(current);
    if (found !== undefined) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** undici's words when a proxy would not open the tunnel: "Proxy response (407) !== 200 when HTTP Tunneling". */
function proxyStatusOf(error: unknown): number | undefined {
  return findInChain(error, (e) => {
    const message = (e as { message?: unknown }).message;
    const match = typeof message === 'string' ? /Proxy response \((\d{3})\)/.exec(message) : null;
    return match ? Number(match[1]) : undefined;
  });
}

function proxyRefused(status: number, host: string, via: string, error: unknown): AppError {
  const message =
    status === 407
      ? `The proxy ${via} asked for a user name and password (HTTP 407 Proxy Authentication Required), so nothing reached ${host}. ` +
        'Set the proxy user and password in Robot Tray’s settings (the password is kept in the keychain), ' +
        'or put them in the proxy URL of HTTPS_PROXY; check them if they are set.'
      : `The proxy ${via} refused to open a connection to ${host} (HTTP ${status}). ` +
        (status === 403
          ? 'The proxy does not allow this destination; ask your IT department to allow it, or bypass the proxy for this host.'
          : 'The proxy could not reach the service: check the base URL, or whether this host should bypass the proxy.');
  return new AppError('network', message, { cause: error, status });
}

function codeOf(error: unknown): string | undefined {
  return findInChain(error, (e) => {
    const code = (e as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  });
}

/** Through a proxy, these mean the proxy itself could not be reached: the target is the proxy's job. */
const PROXY_UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Classify a transport failure (no HTTP answer) into a typed error. `host`
 * is named in the message so people know what could not be reached.
 */
export function transportFailure(
  error: unknown,
  host: string,
  action: 'trigger' | 'query',
  /** The proxy the request went through, without credentials. */
  via?: string,
): AppError {
  if (error instanceof AppError) return error;
  const refusal = findInChain(error, (e) => (e instanceof TlsRefusal ? e : undefined));
  if (refusal !== undefined) return new AppError('network', refusalSentence(refusal, host), { cause: error });
  if (via !== undefined) {
    const proxyStatus = proxyStatusOf(error);
    if (proxyStatus !== undefined) return proxyRefused(proxyStatus, host, via, error);
  }
  const code = codeOf(error) ?? 'UNKNOWN';
  if (code === 'UND_ERR_PRX_CONN') {
    // undici's ProxyConnectionError: the tunnel never opened, so the request was never written.
    const proxy = via === undefined ? 'The proxy' : `The proxy ${via}`;
    return new AppError(
      'network',
      `${proxy} closed the connection before the tunnel to ${host} was open, so nothing reached ${host}. ` +
        'Check that the proxy is running and allows this destination, or whether a proxy is needed at all.',
      { cause: error, maybeDelivered: false },
    );
  }
  if (NOT_TLS_CODES.has(code)) {
    return new AppError(
      'network',
      `Could not reach ${host}: the server does not speak TLS on this port (is it plain http?). ` +
        'Check the scheme and port of the base URL.',
      { cause: error },
    );
  }
  const tlsSentence = tlsCodeSentence(code, host);
  if (tlsSentence !== undefined) return new AppError('network', tlsSentence, { cause: error });
  if (via !== undefined && PROXY_UNREACHABLE.has(code)) {
    return new AppError(
      'network',
      `Could not reach the proxy ${via} (${describeCode(code)}), so nothing reached ${host}. ` +
        'Check the proxy address in settings or in HTTPS_PROXY, or whether a proxy is needed at all.',
      { cause: error },
    );
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new AppError(
      'timeout',
      `Could not connect to ${host} in time. Check the address and your network.`,
      {
        cause: error,
      },
    );
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new AppError(
      'timeout',
      `${host} took too long to answer the ${action}.` +
        (action === 'trigger'
          ? ' The robot may or may not have started; check the service before firing again.'
          : ''),
      { cause: error, maybeDelivered: true },
    );
  }
  if (NOT_SENT_CODES.has(code) || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL')) {
    return new AppError('network', `Could not reach ${host} (${describeCode(code)}). ${networkHint(code)}`, {
      cause: error,
    });
  }
  // A reset or a closed socket after we started writing: the service may have
  // received the request, so a trigger cannot be called undelivered.
  return new AppError(
    'network',
    `The connection to ${host} broke during the ${action} (${describeCode(code)}).` +
      (action === 'trigger'
        ? ' The robot may or may not have started; check the service before firing again.'
        : ''),
    { cause: error, maybeDelivered: true },
  );
}

function describeCode(code: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host name not found';
    case 'ECONNRESET':
      return 'connection reset';
    case 'UND_ERR_SOCKET':
      return 'the other side closed the connection';
    default:
      return code.startsWith('ERR_TLS') || code.includes('CERT') ? `TLS: ${code}` : code;
  }
}

function networkHint(code: string): string {
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'Check the base URL spelling and your DNS.';
  if (code.includes('CERT') || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL'))
    return 'The secure connection could not be set up; run robot-tray doctor ROBOT to see why.';
  return 'Check that the service is running and the base URL is right.';
}
