import { lookup } from 'node:dns/promises';
import type { HttpSettings } from '../../shared/models/settings.ts';
import { AppError } from '../errors.ts';
import { createDispatcher } from './dispatchers.ts';
import { transportFailure } from './failure.ts';
import type { Network } from './network.ts';
import type { Route } from './proxyRoute.ts';
import { triggerPath, type Target } from './targetUrl.ts';
import type { Diagnosis, TlsDetails } from '../../shared/models/diagnosis.ts';

export type { Diagnosis };

async function resolveHost(hostname: string): Promise<Diagnosis['dns']> {
  const started = performance.now();
  try {
    const found = await lookup(hostname.replace(/^\[|\]$/g, ''), { all: true });
    return { addresses: found.map((a) => a.address), ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { error: (error as NodeJS.ErrnoException).code ?? 'lookup failed' };
  }
}

/**
 * Diagnose the way to a robot's service without firing it: resolve its
 * host, choose the route as a call would, connect with the same trust and
 * guard, and ask the trigger endpoint with OPTIONS and no token. The token
 * is never read here, so it cannot be sent; an OPTIONS request is not a
 * trigger (the spec's triggers are POST and GET).
 */
export async function diagnose(network: Network, http: HttpSettings, target: Target): Promise<Diagnosis> {
  const url = new URL(target.origin);
  const settings = network.settings;
  const trust = network.trustFiles(target);
  const base = {
    origin: target.origin,
    host: url.host,
    dns: await resolveHost(url.hostname),
    trust: { systemStore: settings.useSystemCertificates, caFiles: trust },
    pin: target.pin ?? null,
  };
  let route: Route;
  try {
    route = await network.route(target.origin);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ...base,
      route: { error: message },
      connectMs: null,
      tls: null,
      endpoint: { error: message, kind: 'network' },
    };
  }
  const shownRoute = {
    kind: route.kind,
    proxy: route.kind === 'proxy' ? route.shown : null,
    source: route.source,
    detail: route.detail,
  };
  let tls: TlsDetails | null = null;
  let connectMs: number | null = null;
  const path = triggerPath(target, '');
  const started = performance.now();
  let dispatcher;
  try {
    const spec = await network.dispatcherSpec(target, route);
    dispatcher = createDispatcher({
      ...spec,
      http: { ...http, connectionsPerOrigin: 1 },
      // Called once a connection is made, before the guard's verdict on its certificate.
      observe: (details, ms) => {
        tls = details;
        connectMs = Math.round(ms);
      },
    });
    const response = await dispatcher.request({
      origin: target.origin,
      method: 'OPTIONS',
      path,
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(http.requestDeadlineMs),
    });
    await response.body.dump({ limit: 64 * 1024 });
    const endpoint = {
      method: 'OPTIONS' as const,
      path,
      status: response.statusCode,
      ms: Math.round(performance.now() - started),
    };
    return { ...base, route: shownRoute, connectMs, tls, endpoint };
  } catch (error) {
    const failure =
      error instanceof AppError
        ? error
        : transportFailure(error, url.host, 'query', route.kind === 'proxy' ? route.shown : undefined);
    return {
      ...base,
      route: shownRoute,
      connectMs,
      tls,
      endpoint: { error: failure.message, kind: failure.kind },
    };
  } finally {
    void dispatcher?.destroy().catch(() => undefined);
  }
}
