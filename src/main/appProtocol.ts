import { net, protocol } from 'electron';
import { pathToFileURL } from 'node:url';
import { resolveRendererFile } from './rendererPath.ts';
import { CONTENT_SECURITY_POLICY } from './security.ts';

/** Must run before `app.whenReady()`: privileges are fixed at startup. */
export function registerAppSchemePrivileges(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/**
 * Answers one app:// request: a file inside the built renderer folder, with
 * the CSP header, or a 404 for anything that is not ours or would leave it.
 */
export async function rendererResponse(rendererDir: string, url: string): Promise<Response> {
  const file = resolveRendererFile(rendererDir, url);
  if (file === undefined) return new Response('Not found', { status: 404 });
  const found = await net.fetch(pathToFileURL(file).toString());
  const headers = new Headers(found.headers);
  headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  headers.set('X-Content-Type-Options', 'nosniff');
  return new Response(found.body, { status: found.status, headers });
}

/** Serves the built renderer from `app://robot-tray/...`. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle('app', (request) => rendererResponse(rendererDir, request.url));
}
