import { isLoopbackHost } from '../shared/net/loopback.ts';

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

export { isLoopbackHost };

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
