import path from 'node:path';

/**
 * Map an `app://robot-tray/...` URL onto a file inside the built renderer
 * folder, or `undefined` when the URL is not ours or would escape the folder
 * (encoded `..` segments included).
 */
export function resolveRendererFile(rendererDir: string, rawUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'app:' || url.host !== 'robot-tray') return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0')) return undefined;
  const relative = pathname === '/' ? 'index.html' : pathname.replace(/^\/+/, '');
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, relative);
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  return file;
}
