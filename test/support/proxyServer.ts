import { type PrepareRequestFunctionOpts, Server } from 'proxy-chain';

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
      return {};
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
