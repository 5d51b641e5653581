/**
 * A proxy address as people and logs may see it: scheme, host and port,
 * never a user name or password, even when the address is malformed (a
 * space, a bad port, an unknown scheme), which is exactly when it gets
 * repeated in an error. A malformed address is cut by text: everything up to
 * the last "@" goes (a password may hold "/", "#" or "?"), then everything
 * after the host and port; with no "@", a "name:word" that is no port keeps
 * only the name, since the word may be a password typed without its host.
 */
export function proxyAddressShown(text: string): string {
  const value = text.trim();
  const scheme = /^([a-z][a-z0-9+.-]*:)\/\//i.exec(value);
  // "user:secret@proxy:3128" parses as a URL of scheme "user:", all of it path.
  if (scheme !== null && URL.canParse(value)) {
    const url = new URL(value);
    return url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin;
  }
  let rest = scheme === null ? value : value.slice(scheme[0].length);
  const at = rest.lastIndexOf('@');
  rest = at >= 0 ? rest.slice(at + 1) : rest;
  rest = rest.split(/[/?#]/)[0] ?? '';
  if (at < 0 && !rest.startsWith('[')) {
    const colon = rest.indexOf(':');
    if (colon >= 0 && !/^\d*$/.test(rest.slice(colon + 1))) rest = `${rest.slice(0, colon)}:…`;
  }
  const shown = `${scheme === null ? '' : `${scheme[1]!.toLowerCase()}//`}${rest}`;
  return shown.length > 120 ? `${shown.slice(0, 119)}…` : shown;
}

/**
 * A proxy's address as a password is bound to it: scheme, host and port,
 * lower case (a socks5:// address is no special URL, so URL.origin would
 * say "null"). Expects a URL that parses (settings hold only such).
 */
export function proxyOriginOf(proxyUrl: string): string {
  const url = new URL(proxyUrl);
  return `${url.protocol}//${url.host}`.toLowerCase();
}
