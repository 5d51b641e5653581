import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { EVENTS_PATH, type EventStream } from './eventStream.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/**
 * A worker that fetches a served text and posts it to the page: the page
 * then receives the string by structured clone, as Electron's IPC hands
 * the window a string (decoding 20 MB of UTF-8 is the worker's work).
 */
const TEXT_FETCHER = `onmessage = async ({ data: id }) => {
  try {
    const res = await fetch('/__text/' + id);
    if (!res.ok) throw new Error('HTTP ' + res.status);
    postMessage({ id, text: await res.text() });
  } catch (error) {
    postMessage({ id, error: String(error) });
  }
};`;

/**
 * Serves the built renderer over http on 127.0.0.1 and a free port: plain
 * Chromium will not load module scripts from file://. `texts`, when given,
 * are also served once each, at /__text/ID, with a worker that fetches
 * them at /__text/fetcher.js (see the window harness); `events`, when given,
 * streams main's events to the page at /__events (see eventStream.ts).
 */
export async function serveDirectory(
  root: string,
  texts?: Map<string, string>,
  events?: EventStream,
): Promise<{ url: string; close: () => Promise<void> }> {
  const base = path.resolve(root);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (events !== undefined && pathname === EVENTS_PATH) {
        events.serve(req, res);
        return;
      }
      if (texts !== undefined && pathname === '/__text/fetcher.js') {
        res.writeHead(200, { 'content-type': types['.js']! }).end(TEXT_FETCHER);
        return;
      }
      const textId = /^\/__text\/(\d+)$/.exec(pathname)?.[1];
      if (textId !== undefined && texts?.has(textId)) {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(texts.get(textId));
        texts.delete(textId);
        return;
      }
      const file = path.resolve(base, '.' + (pathname === '/' ? '/index.html' : pathname));
      if (!file.startsWith(base + path.sep)) {
        res.writeHead(403).end();
        return;
      }
      try {
        const info = await stat(file);
        if (!info.isFile()) throw new Error('not a file');
        res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
        createReadStream(file).pipe(res);
      } catch {
        res.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('static server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => {
      // An event stream stays open for the page's life: end it, or close would wait for it.
      events?.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
}
