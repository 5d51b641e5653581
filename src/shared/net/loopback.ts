/**
 * Whether a URL's hostname is this machine: plain http is fine there without
 * asking (a robot on loopback), and only there may a dev server talk to main.
 * Expects a hostname as WHATWG URL parsing leaves it, which has already
 * normalised shorthand forms such as 127.1 or 0x7f.0.0.1 to four decimal octets.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  // 127.0.0.0/8
  const parts = host.split('.');
  if (parts.length !== 4 || parts[0] !== '127') return false;
  return parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}
