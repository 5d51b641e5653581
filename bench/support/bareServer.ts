/**
 * The floor for the sandbox's query throughput: a bare node:http server that
 * answers every request with the same WAITING body, no routing, no lookup,
 * no logging. Run in its own process by sandbox-load.ts, loopback only.
 */
import { createServer } from 'node:http';

const body = '{"status":"WAITING"}';
const server = createServer((request, response) => {
  request.resume();
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('bench: no TCP address');
  console.log(`bare server listening on http://127.0.0.1:${address.port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
