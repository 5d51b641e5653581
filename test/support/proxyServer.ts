import { lookup } from 'node:dns';
import { type PrepareRequestFunctionOpts, Server } from 'proxy-chain';

/**
 * A name for the test services that is not loopback: Robot Tray never sends
 * a loopback origin through a proxy, so a robot reached through a test proxy
 * is named robots.test, which the test proxies (and only they) resolve to
 * 127.0.0.1, where the services listen. The test certificates carry it.
 */
export const PROXIED_HOST = 'robots.test';

/** The same service under PROXIED_HOST: http://127.0.0.1:PORT becomes http://robots.test:PORT. */
export function proxiedUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hostname = PROXIED_HOST;
  return parsed.origin;
}

/** dns.lookup, with PROXIED_HOST answering 127.0.0.1. */
const testLookup = ((hostname: string, options: unknown, callback: unknown) => {
  if (hostname !== PROXIED_HOST) return (lookup as (...args: unknown[]) => void)(hostname, options, callback);
  const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all === true;
  if (all) done(null, [{ address: '127.0.0.1', family: 4 }]);
  else done(null, '127.0.0.1', 4);
}) as typeof lookup;

export type ProxyLogEntry = { method: 'CONNECT' | 'FORWARD'; hostname: string; port: number; user: string };

export type TestProxy = {
  url: string;
  /** The proxy's own log of what it was asked to do. */
  log: ProxyLogEntry[];
  /** Every byte clients sent the proxy, as latin1 text: what the proxy could read. */
  received(): string;
  close(): Promise<void>;
};

/**
 * A real HTTP proxy (proxy-chain, as used in production scrapers) on
 * loopback. With `auth`, it answers 407 unless the client sends that user
 * and password. With `tls`, clients speak TLS to the proxy itself (an HTTPS proxy). It records what it was asked (CONNECT or a forwarded
 * request) and taps every byte it received.
 */
export async function startProxy(
  auth?: { user: string; password: string },
  tls?: { key: string; cert: string },
): Promise<TestProxy> {
  const log: ProxyLogEntry[] = [];
  const chunks: Buffer[] = [];
  const options = {
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: ({ hostname, port, isHttp, username, password }: PrepareRequestFunctionOpts) => {
      log.push({ method: isHttp ? 'FORWARD' : 'CONNECT', hostname, port, user: username });
      if (auth !== undefined && (username !== auth.user || password !== auth.password)) {
        return { requestAuthentication: true, failMsg: 'Proxy credentials required.' };
      }
      return { dnsLookup: testLookup };
    },
  };
  const server = new Server(
    tls === undefined ? options : { ...options, serverType: 'https', httpsOptions: tls },
  );
  server.server.on('connection', (socket) => {
    socket.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
  });
  await server.listen();
  return {
    url: `${tls === undefined ? 'http' : 'https'}://127.0.0.1:${server.port}`,
    log,
    received: () => Buffer.concat(chunks).toString('latin1'),
    close: () => server.close(true),
  };
}
