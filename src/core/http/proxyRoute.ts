import { proxyAddressShown } from '../../shared/net/proxyAddress.ts';

/**
 * Which way a request to an origin goes: directly, or through a proxy.
 * Pure functions over settings, environment and a resolver's answer, so the
 * decision is tested without any network.
 */

/** Where the decision came from, for doctor and for error messages. */
export type RouteSource =
  | 'none'
  | 'env'
  | 'manual'
  | 'system'
  | 'flag'
  | 'env-bypass'
  | 'manual-bypass'
  | 'system-direct'
  | 'loopback';

export type Route =
  | { kind: 'direct'; source: RouteSource; detail: string }
  | {
      kind: 'proxy';
      source: RouteSource;
      /** The proxy's address as configured, credentials included when the environment holds them. */
      url: string;
      /** For messages and logs: the address without any credentials. */
      shown: string;
      detail: string;
      /** Manual mode: the user name; the password comes from the keychain. */
      user?: string;
    };

/** The proxy address without user name or password, for anything people or logs see. */
export const withoutCredentials = proxyAddressShown;

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/**
 * NO_PROXY matching as undici, curl and Go read it: entries split on commas
 * or spaces; "*" matches everything; "example.com" and ".example.com" match
 * the domain and its subdomains; "*.example.com" only subdomains; an entry
 * with ":port" only that port; IPv6 in brackets or bare.
 */
export function bypasses(origin: string, entries: readonly string[]): boolean {
  const url = new URL(origin);
  let host = url.hostname.replace(/^\[(.+)\]$/, '$1').toLowerCase();
  if (host.length > 1 && host.endsWith('.')) host = host.slice(0, -1);
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol] || 0;
  for (const raw of entries.flatMap((e) => e.split(/[,\s]+/))) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    let name: string;
    let entryPort: number;
    const v6 = /^\[(.+)\]:(\d+)$/.exec(entry);
    if (v6) {
      name = v6[1]!;
      entryPort = Number(v6[2]);
    } else {
      const bare = entry.replace(/^\[(.+)\]$/, '$1');
      const hostPort = (bare.match(/:/g) ?? []).length === 1 ? /^(.+):(\d+)$/.exec(bare) : null;
      name = hostPort ? hostPort[1]! : bare;
      entryPort = hostPort ? Number(hostPort[2]) : 0;
    }
    if (entryPort !== 0 && entryPort !== port) continue;
    if (name === '*') return true;
    const wildcard = name.startsWith('*');
    const domain = name.replace(/^\*?\./, '').replace(/^(.+)\.$/, '$1');
    if (!wildcard && host === domain) return true;
    if (host.endsWith(`.${domain}`)) return true;
  }
  return false;
}

export type ProxyEnv = Record<string, string | undefined>;

function envValue(env: ProxyEnv, name: string): { name: string; value: string } | undefined {
  for (const key of [name.toLowerCase(), name.toUpperCase()]) {
    const value = env[key]?.trim();
    if (value) return { name: key, value };
  }
  return undefined;
}

/**
 * The environment's proxy for an origin: https_proxy / HTTPS_PROXY for https
 * (falling back to the http one, as undici does), http_proxy / HTTP_PROXY
 * for http, lower case first; no_proxy / NO_PROXY bypasses it.
 */
export function envRoute(origin: string, env: ProxyEnv): Route {
  const https = origin.startsWith('https:');
  const chosen = (https ? envValue(env, 'https_proxy') : undefined) ?? envValue(env, 'http_proxy');
  if (chosen === undefined) {
    return { kind: 'direct', source: 'env', detail: 'no HTTPS_PROXY or HTTP_PROXY in the environment' };
  }
  const noProxy = envValue(env, 'no_proxy');
  if (noProxy !== undefined && bypasses(origin, [noProxy.value])) {
    return { kind: 'direct', source: 'env-bypass', detail: `${noProxy.name} lists this host` };
  }
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(chosen.value) ? chosen.value : `http://${chosen.value}`;
  return { kind: 'proxy', source: 'env', url, shown: withoutCredentials(url), detail: `from ${chosen.name}` };
}

/**
 * The first usable entry of a PAC-style answer, as Chromium's resolveProxy
 * gives it: "PROXY host:port; DIRECT", "HTTPS host:port", "SOCKS5 host:port"
 * or "DIRECT". Robot Tray uses the first entry and does not fall back.
 */
export function pacRoute(answer: string): Route {
  const first = answer
    .split(';')
    .map((part) => part.trim())
    .find((part) => part !== '');
  if (first === undefined || /^DIRECT$/i.test(first)) {
    return { kind: 'direct', source: 'system-direct', detail: 'the system settings say DIRECT' };
  }
  const match = /^(PROXY|HTTPS|SOCKS5?|SOCKS4)\s+(\S+)$/i.exec(first);
  if (!match)
    return { kind: 'direct', source: 'system-direct', detail: `unrecognised system answer "${first}"` };
  const scheme = { PROXY: 'http', HTTPS: 'https', SOCKS: 'socks5', SOCKS5: 'socks5', SOCKS4: 'socks5' }[
    match[1]!.toUpperCase() as 'PROXY'
  ];
  const url = `${scheme}://${match[2]}`;
  return {
    kind: 'proxy',
    source: 'system',
    url,
    shown: withoutCredentials(url),
    detail: `the system settings say "${first}"`,
  };
}
