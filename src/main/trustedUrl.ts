/**
 * Which page may talk to main. Pure, so misleading inputs are easy to test.
 *
 * In production the renderer is served from our own `app://robot-tray`
 * protocol; in development from electron-vite's dev server on loopback, whose
 * exact origin main learns from ELECTRON_RENDERER_URL.
 */
export const APP_ORIGIN = 'app://robot-tray';

export function isTrustedRendererUrl(rawUrl: string, devServerUrl?: string): boolean {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'app:' && url.host === 'robot-tray') return true;
  if (devServerUrl !== undefined && devServerUrl !== '') {
    let dev: URL;
    try {
      dev = new URL(devServerUrl);
    } catch {
      return false;
    }
    return url.origin === dev.origin && isLoopbackHost(dev.hostname);
  }
  return false;
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  // 127.0.0.0/8, written as four decimal octets only: WHATWG URL parsing has
  // already normalised shorthand forms such as 127.1 or 0x7f.0.0.1.
  const parts = host.split('.');
  if (parts.length !== 4 || parts[0] !== '127') return false;
  return parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

/** Links the window may open in the user's browser: https only, no credentials. */
export function isExternalLinkAllowed(rawUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '';
}
