import { connect, createServer, type Socket } from 'node:net';
import { once } from 'node:events';

/**
 * A minimal SOCKS5 proxy (RFC 1928: no authentication, CONNECT only) on
 * loopback, logging each destination: enough to show that TLS through a
 * SOCKS proxy is still verified.
 */
export async function startSocksProxy(): Promise<{ url: string; log: string[]; close: () => Promise<void> }> {
  const log: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    let stage: 'greeting' | 'request' = 'greeting';
    const onData = (data: Buffer) => {
      if (stage === 'greeting') {
        stage = 'request';
        client.write(Buffer.from([5, 0]));
        return;
      }
      client.off('data', onData);
      const type = data[3];
      let host: string;
      let at: number;
      if (type === 1) {
        host = [...data.subarray(4, 8)].join('.');
        at = 8;
      } else {
        const length = data[4]!;
        host = data.subarray(5, 5 + length).toString();
        at = 5 + length;
      }
      const port = data.readUInt16BE(at);
      log.push(`${host}:${port}`);
      // The test name for a service that is not loopback (see proxyServer.ts).
      const upstream = connect(port, host === 'robots.test' ? '127.0.0.1' : host, () => {
        client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
        client.pipe(upstream).pipe(client);
      });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
    };
    client.on('data', onData);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `socks5://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
