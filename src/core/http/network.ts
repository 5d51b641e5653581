import { defaultNetworkSettings, type NetworkSettings } from '../../shared/models/network.ts';
import { isLoopbackHost } from '../../shared/net/loopback.ts';
import { proxyOriginOf } from '../../shared/net/proxyAddress.ts';
import { AppError } from '../errors.ts';
import { envRoute, pacRoute, bypasses, withoutCredentials, type ProxyEnv, type Route } from './proxyRoute.ts';
import type { DispatcherSpec } from './dispatchers.ts';
import type { Target } from './targetUrl.ts';
import { type CaFileRef, TrustStore } from './trust.ts';
import { urlParts } from './urlParts.ts';

/**
 * The app's answer to "which proxy for this URL": Electron's
 * session.resolveProxy, handed in by main so the core stays Electron-free.
 */
export type ProxyResolver = (url: string) => Promise<string>;

/** What the command line or the app adds to the stored network settings for one process. */
export type NetworkOptions = {
  /** --proxy: a proxy URL for every robot, or "direct" (also "none") to use none. */
  proxy?: string;
  /** --ca: more CA files trusted for this run. */
  caFiles?: readonly string[];
  resolveProxy?: ProxyResolver;
  /** Defaults to process.env. */
  env?: ProxyEnv;
  /** The password stored for the proxy at this address (scheme, host, port), from the keychain. */
  proxyPassword?: (proxyOrigin: string) => Promise<string | undefined>;
};

/**
 * Trust and proxy choice for the webhook client: settings as stored, plus
 * this process's options. Rebuilt when the settings change.
 */
export class Network {
  readonly #options: NetworkOptions;
  #settings: NetworkSettings;
  #trust: TrustStore;

  constructor(settings: NetworkSettings = defaultNetworkSettings, options: NetworkOptions = {}) {
    this.#options = options;
    this.#settings = settings;
    this.#trust = this.#makeTrust();
  }

  get settings(): NetworkSettings {
    return this.#settings;
  }

  update(settings: NetworkSettings): void {
    this.#settings = settings;
    this.#trust = this.#makeTrust();
  }

  get trust(): TrustStore {
    return this.#trust;
  }

  #makeTrust(): TrustStore {
    const caFiles: CaFileRef[] = [];
    if (this.#settings.caFile !== null) caFiles.push({ file: this.#settings.caFile, source: 'app settings' });
    for (const file of this.#options.caFiles ?? []) caFiles.push({ file, source: '--ca' });
    return new TrustStore({ useSystemCertificates: this.#settings.useSystemCertificates, caFiles });
  }

  /** The CA files a robot's connections trust beyond the roots, and where each was set. */
  trustFiles(target: Target): CaFileRef[] {
    const files = [...this.#trust.files];
    if (typeof target.caFile === 'string') files.push(robotCaRef(target, target.caFile));
    return files;
  }

  /** Everything but the HTTP timeouts that a dispatcher for this robot and route needs. */
  async dispatcherSpec(target: Target, route: Route): Promise<Omit<DispatcherSpec, 'http'>> {
    const robotCa = typeof target.caFile === 'string' ? robotCaRef(target, target.caFile) : undefined;
    // Building the roots costs a read of the system store and a parse of
    // hundreds of certificates: done only when some TLS will be spoken.
    const tls =
      target.origin.startsWith('https:') || (route.kind === 'proxy' && route.url.startsWith('https:'));
    const spec = {
      origin: target.origin,
      route,
      ...(tls ? { secureContext: this.#trust.context(robotCa) } : {}),
      pin: target.pin ?? null,
    };
    if (route.kind !== 'proxy' || route.user === undefined) return spec;
    // Looked up by the address the request goes to: a password stored for
    // another proxy (the address changed unconfirmed) is never found here.
    const password = (await this.#options.proxyPassword?.(proxyOriginOf(route.url))) ?? '';
    const basic = Buffer.from(`${route.user}:${password}`, 'utf8').toString('base64');
    return { ...spec, proxyAuthorization: `Basic ${basic}` };
  }

  /**
   * Which way a request to `origin` goes, and why. A loopback origin always
   * goes direct, whatever the mode, the environment or --proxy say: a proxy
   * would carry the token off this machine (or to whatever listens on the
   * proxy's port), and plain http is allowed to loopback without asking
   * (targetUrl.ts) only because such a request never leaves the machine.
   * Loopback is the literal test of isLoopbackHost: 127.0.0.0/8, ::1 and the
   * name "localhost", which WHATWG URLs and Node's resolver keep on this
   * machine (a hosts file pointing "localhost" elsewhere is the owner's own
   * doing, and is not followed through a proxy either way).
   */
  async route(origin: string): Promise<Route> {
    if (loopbackOrigin(origin)) {
      return {
        kind: 'direct',
        source: 'loopback',
        detail: 'a loopback address: always direct, whatever the proxy settings, environment or --proxy say',
      };
    }
    const env = this.#options.env ?? process.env;
    const flag = this.#options.proxy;
    if (flag !== undefined) {
      if (/^(direct|none)$/i.test(flag)) return { kind: 'direct', source: 'flag', detail: '--proxy direct' };
      return {
        kind: 'proxy',
        source: 'flag',
        url: flag,
        shown: withoutCredentials(flag),
        detail: 'from --proxy',
      };
    }
    const s = this.#settings;
    switch (s.proxyMode) {
      case 'none':
        return { kind: 'direct', source: 'none', detail: 'proxy mode is none' };
      case 'env':
        return envRoute(origin, env);
      case 'manual': {
        if (s.proxyUrl === null) {
          throw new AppError(
            'validation',
            'The proxy mode is manual but no proxy address is set. Set the proxy URL in settings, or choose another mode.',
          );
        }
        if (bypasses(origin, s.proxyBypass)) {
          return { kind: 'direct', source: 'manual-bypass', detail: 'the bypass list names this host' };
        }
        const route: Route = {
          kind: 'proxy',
          source: 'manual',
          url: s.proxyUrl,
          shown: withoutCredentials(s.proxyUrl),
          detail: 'manual proxy setting',
        };
        return s.proxyUser === null ? route : { ...route, user: s.proxyUser };
      }
      case 'system': {
        const resolve = this.#options.resolveProxy;
        // Without the app's browser engine (the CLI, tests) the environment is the system's word.
        if (resolve === undefined) return envRoute(origin, env);
        let answer: string;
        try {
          answer = await resolve(origin + '/');
        } catch (error) {
          throw new AppError(
            'network',
            `The system proxy settings could not be read for ${new URL(origin).host} ` +
              `(${error instanceof Error ? error.message : 'error'}). Check the PAC file, or choose another proxy mode.`,
            { cause: error },
          );
        }
        return pacRoute(answer);
      }
    }
  }
}

function robotCaRef(target: Target, file: string): CaFileRef {
  return { file, source: `robot "${target.robotName ?? '?'}"` };
}

const loopbackOrigins = new Map<string, boolean>();

/**
 * Whether an origin is this machine (isLoopbackHost), decided once per
 * origin: asked on every request. An address that is not a URL throws, as
 * `new URL` does.
 */
function loopbackOrigin(origin: string): boolean {
  let loopback = loopbackOrigins.get(origin);
  if (loopback === undefined) {
    loopback = isLoopbackHost(urlParts(origin)?.hostname ?? new URL(origin).hostname);
    if (loopbackOrigins.size >= 256) loopbackOrigins.clear();
    loopbackOrigins.set(origin, loopback);
  }
  return loopback;
}
