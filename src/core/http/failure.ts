import { AppError } from '../errors.ts';

/** Error codes meaning the connection never got as far as sending our request. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  // undici refused the request itself (e.g. an invalid header value): nothing was sent.
  'UND_ERR_INVALID_ARG',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Classify a transport failure (no HTTP answer) into a typed error. `host`
 * is named in the message so people know what could not be reached.
 */
export function transportFailure(error: unknown, host: string, action: 'trigger' | 'query'): AppError {
  if (error instanceof AppError) return error;
  const code = codeOf(error) ?? 'UNKNOWN';
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
    return "The service's certificate was not accepted; check the base URL.";
  return 'Check that the service is running and the base URL is right.';
}
