import { Pool } from 'undici';
import type { JsonObject, JsonValue } from '../../shared/models/json.ts';
import { isJsonObject } from '../../shared/models/json.ts';
import type { HttpMethod } from '../../shared/models/preset.ts';
import type { HttpSettings } from '../../shared/models/settings.ts';
import { AppError } from '../errors.ts';
import { transportFailure } from './failure.ts';
import { encodeGetArguments } from './queryEncoding.ts';
import { excerpt, redactJson, redactSecret } from './redact.ts';
import { parseRetryAfter } from './retryAfter.ts';
import { isUsableCallId, queryPath, triggerPath, type Target } from './targetUrl.ts';

export type TriggerResult = { webhookCallId: string; status: number; body: JsonObject };
export type QueryResult = {
  status: string;
  response: JsonValue | undefined;
  hasResponse: boolean;
  body: JsonObject;
};

type RawResponse = {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
};

/**
 * The HTTP side of the spec: trigger (4.1, 4.2) and query (4.3), over undici
 * with one pool per origin. Never follows redirects (a token must not travel
 * to a host the robot was not set up with), caps every body, and turns every
 * failure into an AppError with a kind.
 */
export class WebhookClient {
  readonly #pools = new Map<string, Pool>();
  #settings: HttpSettings;
  readonly #now: () => number;

  constructor(settings: HttpSettings, now: () => number = Date.now) {
    this.#settings = settings;
    this.#now = now;
  }

  /** New timeouts and caps apply to pools made from now on. */
  updateSettings(settings: HttpSettings): void {
    this.#settings = settings;
    void this.closePools();
  }

  async trigger(target: Target, token: string, method: HttpMethod, args: JsonObject): Promise<TriggerResult> {
    const path = triggerPath(target, method === 'GET' ? encodeGetArguments(args) : '');
    const headers: Record<string, string> = { 'x-service-token': token, accept: 'application/json' };
    let body: string | undefined;
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(args);
    }
    const { raw, json } = await this.#exchange(target, method, path, headers, body, token, 'trigger');
    const id = json['webhookCallId'];
    if (typeof id !== 'string') {
      throw new AppError(
        'protocol',
        `The service accepted the trigger (HTTP ${raw.statusCode}) but its answer has no webhookCallId string, ` +
          'so the run cannot be followed. The robot may have started.',
        { status: raw.statusCode, maybeDelivered: true },
      );
    }
    if (!isUsableCallId(id)) {
      throw new AppError(
        'protocol',
        'The service returned a webhookCallId that cannot be used safely in a URL, so the run cannot be followed. ' +
          'The robot may have started.',
        { status: raw.statusCode, maybeDelivered: true },
      );
    }
    return { webhookCallId: id, status: raw.statusCode, body: json };
  }

  /** `token` is undefined when the robot does not send its token on queries. */
  async query(target: Target, token: string | undefined, webhookCallId: string): Promise<QueryResult> {
    const path = queryPath(target, webhookCallId);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token !== undefined) headers['x-service-token'] = token;
    const { json } = await this.#exchange(target, 'GET', path, headers, undefined, token, 'query');
    const status = json['status'];
    if (typeof status !== 'string') {
      throw new AppError(
        'protocol',
        'The status answer has no "status" text field. The service may have changed.',
      );
    }
    return { status, response: json['response'], hasResponse: Object.hasOwn(json, 'response'), body: json };
  }

  async closePools(): Promise<void> {
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    await Promise.allSettled(pools.map((p) => p.close()));
  }

  /**
   * One request, start to finish: send it, classify a transport failure,
   * turn an HTTP error into a typed one, and parse the body as a JSON object.
   * A query answer is redacted of the token, since it is stored as the result.
   */
  async #exchange(
    target: Target,
    method: HttpMethod,
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
    token: string | undefined,
    action: 'trigger' | 'query',
  ): Promise<{ raw: RawResponse; json: JsonObject }> {
    const cap =
      action === 'trigger' ? this.#settings.triggerResponseCapBytes : this.#settings.queryResponseCapBytes;
    let raw: RawResponse;
    try {
      raw = await this.#send(target, method, path, headers, body, cap, action);
    } catch (error) {
      throw transportFailure(error, hostOf(target), action);
    }
    this.#throwForStatus(raw, token, target, action);
    const json = parseJsonObject(raw.text, action, token);
    return { raw, json: action === 'query' ? redactJson(json, token) : json };
  }

  #pool(origin: string): Pool {
    let pool = this.#pools.get(origin);
    if (pool === undefined) {
      const s = this.#settings;
      pool = new Pool(origin, {
        connections: s.connectionsPerOrigin,
        connect: { timeout: s.connectTimeoutMs },
        headersTimeout: s.headersTimeoutMs,
        bodyTimeout: s.bodyTimeoutMs,
        keepAliveTimeout: 10_000,
      });
      this.#pools.set(origin, pool);
    }
    return pool;
  }

  async #send(
    target: Target,
    method: HttpMethod,
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
    capBytes: number,
    action: 'trigger' | 'query',
  ): Promise<RawResponse> {
    // The path is passed as-is (not through URL parsing) so the encoded
    // webhookCallId segment reaches the service exactly as we built it.
    const response = await this.#pool(target.origin).request({ method, path, headers, body: body ?? null });
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
      text: Buffer.concat(chunks, size).toString('utf8'),
    };
  }

  #throwForStatus(
    raw: RawResponse,
    token: string | undefined,
    target: Target,
    action: 'trigger' | 'query',
  ): void {
    const code = raw.statusCode;
    if (code >= 200 && code < 300) return;
    if (code >= 300 && code < 400) {
      const location = headerText(raw.headers['location']);
      throw new AppError(
        'http',
        `The service answered the ${action} with a redirect (HTTP ${code}) to ${location ? redactSecret(location, token) : 'an unnamed place'}. ` +
          'Robot Tray never follows redirects with a token; if the service moved, update the robot’s base URL.',
        { status: code },
      );
    }
    const retryAfterMs = parseRetryAfter(raw.headers['retry-after'], this.#now());
    const detail = excerpt(redactSecret(raw.text, token));
    throw new AppError('http', httpMessage(code, action, hostOf(target), detail), {
      status: code,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
}

function httpMessage(code: number, action: 'trigger' | 'query', host: string, detail: string): string {
  const said = detail ? ` It said: ${detail}` : '';
  if (code === 401 || code === 403) {
    return action === 'trigger'
      ? `The service refused the token (HTTP ${code}).${said} Generate a new token in the robot's Designer and set it in Robot Tray.`
      : `The service refused the status query (HTTP ${code}).${said} Check the robot's token and whether queries should send it.`;
  }
  if (code === 404) {
    return action === 'trigger'
      ? `The trigger address was not found on ${host} (HTTP 404).${said} Check the robot's base URL.`
      : `The service no longer knows this run (HTTP 404): its result has expired or the id is wrong.`;
  }
  if (code === 413)
    return `The service refused the arguments as too large (HTTP 413).${said} Send fewer or smaller arguments.`;
  if (code === 429)
    return `The service is rate limiting Robot Tray (HTTP 429).${said} Wait a little before trying again.`;
  if (code >= 500) return `The service had an error (HTTP ${code}).${said} Try again later.`;
  return `The service rejected the ${action} (HTTP ${code}).${said} Check the arguments and the robot settings.`;
}

function parseJsonObject(text: string, action: 'trigger' | 'query', token: string | undefined): JsonObject {
  let value: JsonValue;
  try {
    // JSON.parse can only produce JSON values, so this is a fact, not a guess.
    value = JSON.parse(text) as JsonValue;
  } catch {
    throw new AppError(
      'protocol',
      `The service's answer to the ${action} is not JSON: ${excerpt(redactSecret(text, token), 80) || '(empty)'}. ` +
        'Check that the base URL points at the robot service.',
      { maybeDelivered: action === 'trigger' },
    );
  }
  if (!isJsonObject(value)) {
    throw new AppError('protocol', `The service's answer to the ${action} is JSON but not an object.`, {
      maybeDelivered: action === 'trigger',
    });
  }
  return value;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function hostOf(target: Target): string {
  return new URL(target.origin).host;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}
