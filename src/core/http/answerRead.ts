import type { Dispatcher } from 'undici';
import { formatBytes } from '../../shared/bytes.ts';
import type { HttpMethod } from '../../shared/models/preset.ts';
import { AppError } from '../errors.ts';
import { answerDetail, httpMessage } from './answerText.ts';
import type { EchoMask } from '../echo/echoMask.ts';
import { parseRetryAfter } from './retryAfter.ts';
import type { Target } from './targetUrl.ts';
import { urlParts } from './urlParts.ts';

/** An answer as it came off the wire, body read whole (within its cap). */
export type RawResponse = {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
};

export type RawRequest = {
  method: HttpMethod;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
};

/**
 * Send one request on `dispatcher` and read its answer, refusing a body past
 * `capBytes` as soon as it passes the cap rather than after reading it all.
 */
export async function readAnswer(
  dispatcher: Dispatcher,
  target: Target,
  request: RawRequest,
  capBytes: number,
  signal: AbortSignal,
  action: 'trigger' | 'query',
): Promise<RawResponse> {
  // The path is passed as-is (not through URL parsing) so the encoded
  // webhookCallId segment reaches the service exactly as we built it.
  const response = await dispatcher.request({
    origin: target.origin,
    method: request.method,
    path: request.path,
    headers: request.headers,
    body: request.body ?? null,
    signal,
  });
  const declared = declaredLength(response.headers['content-length']);
  if (declared !== undefined && declared <= capBytes) {
    // undici never hands over more body than the length the answer declared
    // (the rest would be a new answer, refused), so a declared length within
    // the cap is read whole at once, without a chunk-by-chunk loop.
    const bytes = await response.body.bytes();
    return {
      statusCode: response.statusCode,
      headers: response.headers,
      text: withoutByteOrderMark(
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
      ),
    };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > capBytes) {
      response.body.destroy();
      throw new AppError(
        'protocol',
        `The service's answer is larger than ${formatBytes(capBytes)}, Robot Tray's limit for this request, ` +
          'so it was not read. Raise the limit in settings if this is expected.' +
          (action === 'trigger' ? ' The robot has probably started.' : ''),
        { maybeDelivered: action === 'trigger', permanent: true },
      );
    }
    chunks.push(chunk);
  }
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    text: withoutByteOrderMark(Buffer.concat(chunks, size).toString('utf8')),
  };
}

/** The body length an answer declares (Content-Length), when it declares one plainly. */
function declaredLength(value: string | string[] | undefined): number | undefined {
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/**
 * JSON forbids a byte-order mark, but some services (and Windows tools) put
 * one before their UTF-8 answers. Refusing it turned an accepted trigger into
 * `unknown` although the robot did start, so one leading mark is dropped.
 */
export function withoutByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A 2xx answer passes; anything else becomes an `http` AppError in words,
 * masked of the call's secrets: a redirect (never followed with a token), or an
 * error status with what the service said and its Retry-After.
 */
export function throwForStatus(
  raw: RawResponse,
  mask: EchoMask,
  target: Target,
  action: 'trigger' | 'query',
  now: number,
): void {
  const code = raw.statusCode;
  if (code >= 200 && code < 300) return;
  if (code >= 300 && code < 400) {
    const location = headerText(raw.headers['location']);
    throw new AppError(
      'http',
      `The service answered the ${action} with a redirect (HTTP ${code}) to ${location ? mask.mask(location, 'text') : 'an unnamed place'}. ` +
        'Robot Tray never follows redirects with a token; if the service moved, update the robot’s base URL.',
      { status: code },
    );
  }
  const retryAfterMs = parseRetryAfter(raw.headers['retry-after'], now);
  const detail = answerDetail(mask.mask(raw.text, 'text'));
  throw new AppError('http', httpMessage(code, action, hostOf(target), detail), {
    status: code,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function hostOf(target: Target): string {
  return urlParts(target.origin)?.host ?? new URL(target.origin).host;
}
