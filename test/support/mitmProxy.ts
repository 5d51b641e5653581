import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { TLSSocket } from 'node:tls';

/** A CONNECT the attacker was asked for, with the proxy credentials it was handed. */
export type InterceptedConnect = { target: string; proxyAuthorization: string | undefined };

/** A request the attacker read inside a tunnel it was trusted with. */
export type InterceptedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders };

export type MitmProxy = {
  url: string;
  connects: InterceptedConnect[];
  requests: InterceptedRequest[];
  close(): Promise<void>;
};

/**
 * An attacker's proxy on loopback: it answers CONNECT itself instead of
 * tunnelling to the service, and, given a certificate, ends the TLS inside
 * the tunnel with it. A client that routes through it and accepts that
 * certificate hands it every request, token and all; one that does not gives
 * it at most the CONNECT line. Answers a trigger with a webhookCallId and a
 * query with WAITING, as a service would, so the client keeps talking.
 */
export async function startMitmProxy(certificate?: { key: string; cert: string }): Promise<MitmProxy> {
  const connects: InterceptedConnect[] = [];
  const requests: InterceptedRequest[] = [];
  const sockets = new Set<Socket>();
  const inside = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'application/json');
    res.end(
      (req.url ?? '').includes('/webhookResponse/') ? '{"status":"WAITING"}' : '{"webhookCallId":"stolen-1"}',
    );
  });
  const outer = http.createServer((_req, res) => {
    res.statusCode = 405;
    res.end();
  });
  outer.on('connect', (req: http.IncomingMessage, socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    connects.push({ target: req.url ?? '', proxyAuthorization: req.headers['proxy-authorization'] });
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    const stream =
      certificate === undefined ? socket : new TLSSocket(socket, { isServer: true, ...certificate });
    // A TLS failure (the client refused the certificate) is what a careful client does: nothing to log.
    stream.on('error', () => socket.destroy());
    inside.emit('connection', stream);
  });
  await new Promise<void>((resolve) => outer.listen(0, '127.0.0.1', resolve));
  const { port } = outer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connects,
    requests,
    async close() {
      for (const socket of sockets) socket.destroy();
      inside.closeAllConnections();
      outer.closeAllConnections();
      await new Promise<void>((resolve) => outer.close(() => resolve()));
    },
  };
}
