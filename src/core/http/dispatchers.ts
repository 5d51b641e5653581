import type { Dispatcher } from 'undici';
import { AppError } from '../errors.ts';
import type { SecureContext } from 'node:tls';
import type { HttpSettings } from '../../shared/models/settings.ts';
import type { Route } from './proxyRoute.ts';
import { guardConnector, type GuardOptions } from './tlsGuard.ts';
import { buildConnector, Pool, ProxyAgent } from './undiciParts.ts';

export type DispatcherSpec = {
  origin: string;
  route: Route;
  http: HttpSettings;
  /** The roots this robot's connections trust; absent when no TLS is spoken (plain http, no https proxy). */
  secureContext?: SecureContext;
  pin: string | null;
  /** "Basic …" for a proxy that asks for a user and password. */
  proxyAuthorization?: string;
  observe?: GuardOptions['observe'];
};

/**
 * One undici dispatcher for one origin: a Pool when direct, a ProxyAgent
 * when through a proxy. Either way the TLS socket to the service passes the
 * same guard (trust, host name, pin) before any request is written.
 *
 * Through a proxy every request is tunnelled with CONNECT, plain http ones
 * too (proxyTunnel), so the x-service-token header is only ever written
 * inside the tunnel to the robot's own origin, never to the proxy as a
 * forwarded request.
 */
export function createDispatcher(spec: DispatcherSpec): Dispatcher {
  const { http, route } = spec;
  const guard = { pin: spec.pin, ...(spec.observe ? { observe: spec.observe } : {}) };
  // rejectUnauthorized is off at the TLS layer only because the guard decides
  // right after the handshake, with the same verdict (socket.authorized) and
  // a pin; the guard is on every connector built here.
  const tlsOptions = {
    ...(spec.secureContext === undefined ? {} : { secureContext: spec.secureContext }),
    rejectUnauthorized: false,
    // A pinned robot's connection must show its certificate on every handshake.
    ...(spec.pin === null ? {} : { maxCachedSessions: 0 }),
  };
  const common = {
    connections: http.connectionsPerOrigin,
    headersTimeout: http.headersTimeoutMs,
    bodyTimeout: http.bodyTimeoutMs,
    keepAliveTimeout: 10_000,
  };
  if (route.kind === 'proxy' && /^socks/i.test(route.url)) return socksDispatcher(spec, route.url, common);
  if (route.kind === 'direct') {
    const base = buildConnector({ timeout: http.connectTimeoutMs, ...tlsOptions });
    return new Pool(spec.origin, { ...common, connect: guardConnector(base, guard) });
  }
  return new ProxyAgent({
    ...common,
    uri: route.url,
    proxyTunnel: true,
    connectTimeout: http.connectTimeoutMs,
    ...(spec.proxyAuthorization === undefined ? {} : { token: spec.proxyAuthorization }),
    requestTls: tlsOptions,
    ...(spec.secureContext === undefined ? {} : { proxyTls: { secureContext: spec.secureContext } }),
    // The per-origin pool behind the tunnel: its connect function opens the
    // tunnel and the TLS session inside it; the guard checks the result.
    factory: (origin: string | URL, options: object) => {
      const connect = (options as { connect: Parameters<typeof guardConnector>[0] }).connect;
      return new Pool(origin, { ...options, connect: guardConnector(connect, guard) });
    },
  });
}

/**
 * Through a SOCKS proxy undici makes the TLS connection itself, past any
 * connector of ours, so the guard cannot run there: Node verifies as usual
 * (rejectUnauthorized stays on) and a pinned certificate, which only the
 * guard can check, is refused rather than silently not checked.
 */
function socksDispatcher(spec: DispatcherSpec, url: string, common: object): Dispatcher {
  if (spec.pin !== null) {
    throw new AppError(
      'validation',
      'This robot accepts one pinned certificate, which Robot Tray cannot check through a SOCKS proxy. ' +
        'Use an HTTP proxy or a direct connection for it, or trust its CA instead of pinning.',
    );
  }
  return new ProxyAgent({
    ...common,
    uri: url,
    requestTls: spec.secureContext === undefined ? {} : { secureContext: spec.secureContext },
  });
}
