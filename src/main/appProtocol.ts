import { net, protocol } from 'electron';
import { pathToFileURL } from 'node:url';
import { resolveRendererFile } from './rendererPath.ts';

/** Must run before `app.whenReady()`: privileges are fixed at startup. */
export function registerAppSchemePrivileges(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built renderer from `app://robot-tray/...`; anything outside it is a 404. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle('app', (request) => {
    const file = resolveRendererFile(rendererDir, request.url);
    if (file === undefined) return new Response('Not found', { status: 404 });
    return net.fetch(pathToFileURL(file).toString());
  });
}
