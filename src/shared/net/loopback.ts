/**
 * Whether a URL's hostname is this machine: plain http is fine there without
 * asking (a robot on loopback), such a robot never goes through a proxy
 * (src/core/http/network.ts), and only there may a dev server talk to main.
 * Expects a hostname as WHATWG URL parsing leaves it, which has already
 * normalised shorthand forms such as 127.1 or 0x7f.0.0.1 to four decimal octets.
 *
 * The test is literal on purpose: 127.0.0.0/8, ::1 and the name "localhost",
 * never a DNS answer. Chromium answers "localhost" with loopback itself and
 * Node asks the system, whose hosts file maps it to loopback unless the
 * machine's owner changed it (their own choice, which Robot Tray does not
 * second-guess); a name such as localhost.corp, or 0.0.0.0, is not loopback.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  // 127.0.0.0/8
  const parts = host.split('.');
  if (parts.length !== 4 || parts[0] !== '127') return false;
  return parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}
