import type { Dispatcher } from 'undici';
import type { JsonObject } from '../../shared/models/json.ts';
import { jsonDataProblem } from '../../shared/models/json.ts';
import type { HttpMethod } from '../../shared/models/preset.ts';
import type { HttpSettings } from '../../shared/models/settings.ts';
import { AppError } from '../errors.ts';
import { createDispatcher } from './dispatchers.ts';
import { transportFailure } from './failure.ts';
import { Network } from './network.ts';
import type { Route } from './proxyRoute.ts';
import { encodeGetArguments } from './queryEncoding.ts';
import { hostOf, readAnswer, throwForStatus, type RawResponse } from './answerRead.ts';
import { finiteNumbers, parseJsonObject, topLevelScalars } from './answerText.ts';
import { queryResultOf, type QueryResult } from './queryAnswer.ts';
import { EchoMask } from '../echo/echoMask.ts';
import { abortedRequest, DeadlinePassed, Stopped } from './requestAbort.ts';
import { queryPath, triggerPath, type Target } from './targetUrl.ts';
import { webhookCallIdOf } from './triggerAnswer.ts';

export type TriggerResult = { webhookCallId: string; status: number; body: JsonObject };
export type { QueryResult } from './queryAnswer.ts';

type Connection = { dispatcher: Dispatcher; route: Route };

/** A proxy address undici cannot use ("not a url", ftp://…): nothing was sent anywhere. */
function invalidProxy(route: Route & { kind: 'proxy' }, target: Target, error: unknown): AppError {
  return new AppError(
    'network',
    // An address that is not a URL at all has no safe form to show (it may hold a password).
    `The proxy address${route.shown.startsWith('(') ? '' : ` ${route.shown}`} (${route.detail}) is not a usable http:// or https:// proxy URL, ` +
      `so nothing was sent to ${hostOf(target)}. Fix the proxy address in settings, --proxy or HTTPS_PROXY.`,
    { cause: error, maybeDelivered: false },
  );
}

/**
 * The HTTP side of the spec: trigger (4.1, 4.2) and query (4.3), over undici
 * with one pool per origin. Never follows redirects (a token must not travel
 * to a host the robot was not set up with), caps every body, and turns every
 * failure into an AppError with a kind.
 */
export class WebhookClient {
  /**
   * Dispatchers by action, origin, route and robot trust: a trigger never
   * queues behind slow status queries, and a robot with its own CA file or
   * accepted certificate never shares connections with one without.
   */
  readonly #pools = new Map<string, Promise<Connection>>();
  /** Requests in flight, so closing aborts them instead of waiting for them. */
  readonly #inFlight = new Set<AbortController>();
  #closed = false;
  #stopped = false;
  #settings: HttpSettings;
  readonly #now: () => number;
  readonly #network: Network;

  constructor(settings: HttpSettings, now: () => number = Date.now, network: Network = new Network()) {
    this.#settings = settings;
    this.#now = now;
    this.#network = network;
  }

  get network(): Network {
    return this.#network;
  }

  /**
   * New timeouts, caps, trust and proxy settings apply to connections made
   * from now on; requests in flight finish on the old ones.
   */
  updateSettings(settings: HttpSettings, network?: Network['settings']): void {
    this.#settings = settings;
    if (network !== undefined) this.#network.update(network);
    const old = [...this.#pools.values()];
    this.#pools.clear();
    for (const pool of old) void pool.then((c) => c.dispatcher.close()).catch(() => undefined);
  }

  /**
   * `mask` holds the call's other secrets (its secret fields' values): the
   * answer is masked of them and of the token before anything reads it.
   */
  async trigger(
    target: Target,
    token: string,
    method: HttpMethod,
    args: JsonObject,
    mask: EchoMask = EchoMask.none,
  ): Promise<TriggerResult> {
    const path = triggerPath(target, method === 'GET' ? encodeGetArguments(args) : '');
    const headers: Record<string, string> = { 'x-service-token': token, accept: 'application/json' };
    let body: string | undefined;
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(args);
    }
    const secrets = EchoMask.ofSecrets([token]).with(mask);
    const { raw, json } = await this.#exchange(target, method, path, headers, body, secrets, 'trigger');
    const id = webhookCallIdOf(json, raw.statusCode);
    return { webhookCallId: id, status: raw.statusCode, body: json };
  }

  /**
   * `token` is undefined when the robot does not send its token on queries.
   * `mask` holds every secret the call carried (from the prints its record
   * keeps: the token it was fired with, whichever that was, and its secret
   * fields' values): the answer is masked of them, and of the token sent
   * now, before anything reads it.
   */
  async query(
    target: Target,
    token: string | undefined,
    webhookCallId: string,
    mask: EchoMask = EchoMask.none,
  ): Promise<QueryResult> {
    const path = queryPath(target, webhookCallId);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token !== undefined) headers['x-service-token'] = token;
    const secrets = EchoMask.ofSecrets([token]).with(mask);
    const answer = await this.#exchange(target, 'GET', path, headers, undefined, secrets, 'query');
    return queryResultOf(answer.raw, answer.json, answer.tooDeep);
  }

  /**
   * Abort every request in flight (each fails with a `timeout` error saying
   * Robot Tray stopped waiting) and drop the connections: closing never
   * waits for a slow service.
   */
  async closePools(): Promise<void> {
    this.#closed = true;
    this.abortInFlight();
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    await Promise.allSettled(pools.map(async (p) => (await p).dispatcher.destroy()));
  }

  /** Abort every request in flight now; new requests still go out. */
  abortInFlight(): void {
    for (const controller of this.#inFlight) controller.abort(new Stopped());
  }

  /**
   * Abort every request in flight and send no more: for a command whose
   * time is up. A request that had not started yet when the time ran out
   * (a slow keychain, a busy machine) must not go out afterwards and hold
   * the command until its own deadline.
   */
  stopSending(): void {
    this.#stopped = true;
    this.abortInFlight();
  }

  /**
   * One request, start to finish: send it, classify a transport failure,
   * turn an HTTP error into a typed one, mask the call's secrets out of the
   * answer's text, and parse that as a JSON object. Nothing reads the
   * answer before it is masked: what comes back is stored, shown and sent on.
   */
  async #exchange(
    target: Target,
    method: HttpMethod,
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
    mask: EchoMask,
    action: 'trigger' | 'query',
  ): Promise<{ raw: RawResponse; json: JsonObject; tooDeep: boolean }> {
    const cap =
      action === 'trigger' ? this.#settings.triggerResponseCapBytes : this.#settings.queryResponseCapBytes;
    let answer: RawResponse;
    let via: string | undefined;
    try {
      answer = await this.#send(target, method, path, headers, body, cap, action, (route) => {
        via = route.kind === 'proxy' ? route.shown : undefined;
      });
    } catch (error) {
      throw transportFailure(error, hostOf(target), action, via);
    }
    throwForStatus(answer, mask, target, action, this.#now());
    const raw = { ...answer, text: mask.mask(answer.text, 'json') };
    const parsed = parseJsonObject(raw.text, action);
    // Checked before anything walks it: past the limit only the top level is
    // kept. A number past a double's range (2e308) reads as Infinity: it is
    // not a reason to drop the answer (its exact text is kept beside it).
    let problem = jsonDataProblem(parsed);
    if (problem !== undefined) {
      finiteNumbers(parsed);
      problem = jsonDataProblem(parsed);
    }
    const tooDeep = problem !== undefined;
    const json = tooDeep ? topLevelScalars(parsed) : parsed;
    return { raw, json, tooDeep };
  }

  /** The dispatcher for this robot's origin, made on first use with the route the network chooses. */
  #connection(target: Target, action: 'trigger' | 'query'): Promise<Connection> {
    return this.#network.route(target.origin).then((route) => {
      const key = [
        action,
        target.origin,
        route.kind === 'proxy' ? route.url : 'direct',
        target.caFile,
        target.pin,
      ].join('\n');
      let connection = this.#pools.get(key);
      if (connection === undefined) {
        connection = this.#network.dispatcherSpec(target, route).then((spec) => {
          try {
            return { route, dispatcher: createDispatcher({ ...spec, http: this.#settings }) };
          } catch (error) {
            throw route.kind === 'proxy' && !(error instanceof AppError)
              ? invalidProxy(route, target, error)
              : error;
          }
        });
        // A failure (a CA file gone, the keychain locked) is not kept: the next request tries again.
        connection.catch(() => this.#pools.delete(key));
        this.#pools.set(key, connection);
      }
      return connection;
    });
  }

  async #send(
    target: Target,
    method: HttpMethod,
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
    capBytes: number,
    action: 'trigger' | 'query',
    noteRoute: (route: Route) => void,
  ): Promise<RawResponse> {
    if (this.#closed) {
      throw new AppError('internal', `Robot Tray is closing, so the ${action} was not sent.`);
    }
    if (this.#stopped) {
      throw new AppError('timeout', `Robot Tray stopped before sending the ${action}, so nothing was sent.`, {
        maybeDelivered: false,
      });
    }
    const controller = new AbortController();
    const deadlineMs = this.#settings.requestDeadlineMs;
    // undici's own timeouts are idle timers (a body trickling one byte a
    // second never trips them); this one bounds the whole request.
    const deadline = setTimeout(() => controller.abort(new DeadlinePassed(deadlineMs)), deadlineMs);
    deadline.unref();
    this.#inFlight.add(controller);
    try {
      // Registered before the route is chosen, so an abort (--timeout,
      // Ctrl+C, quit) that comes while the proxy or trust is being set up
      // still stops this request.
      const connection = await this.#connection(target, action);
      noteRoute(connection.route);
      controller.signal.throwIfAborted();
      return await readAnswer(
        connection.dispatcher,
        target,
        { method, path, headers, body },
        capBytes,
        controller.signal,
        action,
      );
    } catch (error) {
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : undefined;
      if (reason instanceof DeadlinePassed || reason instanceof Stopped) {
        throw abortedRequest(reason, hostOf(target), action, error);
      }
      throw error;
    } finally {
      clearTimeout(deadline);
      this.#inFlight.delete(controller);
    }
  }
}
