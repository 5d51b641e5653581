import { app, session, shell, type WebContents } from 'electron';
import { isExternalLinkAllowed, isTrustedRendererUrl } from './trustedUrl.ts';

/**
 * The window's Content-Security-Policy: our own scripts only, no eval, no
 * plugins, no framing, nothing fetched from elsewhere. Sent as a header on
 * every app:// response; index.html repeats it as a meta tag for the dev
 * server and the browser tests.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

/** Opens a link in the user's browser when it is https; anything else goes nowhere. */
export function openExternalIfAllowed(url: string): void {
  if (isExternalLinkAllowed(url)) void shell.openExternal(url);
}

/**
 * App-wide hardening (Electron's security checklist), applied to every web
 * contents the app ever creates, not just the main window: no webviews, no
 * navigation away from our pages, no new windows, no permissions.
 */
export function hardenApp(devServerUrl: string | undefined): void {
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, devServerUrl));
  const ses = session.defaultSession;
  // Notifications are native (main), so the page needs no permission at all.
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
}

export function hardenContents(contents: WebContents, devServerUrl: string | undefined): void {
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternalIfAllowed(url);
    return { action: 'deny' };
  });
  const guard = (event: { preventDefault: () => void }, url: string) => {
    if (isTrustedRendererUrl(url, devServerUrl)) return;
    event.preventDefault();
    openExternalIfAllowed(url);
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
}
