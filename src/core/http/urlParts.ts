/** The parts of an address the core asks about on every request. */
export type UrlParts = Readonly<{ origin: string; host: string; hostname: string }>;

const parsed = new Map<string, UrlParts | null>();
/** A handful of robot addresses per process; never let the memo grow without bound. */
const MAX_KEPT = 256;

/**
 * The origin, host and host name of `address` (undefined when it is not a
 * URL), as `new URL` reads them, parsed once per address: each fired and
 * watched call asked for them several times (its origin group, its route,
 * whether the robot still points where the call went), and parsing a URL
 * cost more than the rest of those decisions.
 */
export function urlParts(address: string): UrlParts | undefined {
  let parts = parsed.get(address);
  if (parts === undefined) {
    if (URL.canParse(address)) {
      const url = new URL(address);
      parts = Object.freeze({ origin: url.origin, host: url.host, hostname: url.hostname });
    } else parts = null;
    if (parsed.size >= MAX_KEPT) parsed.clear();
    parsed.set(address, parts);
  }
  return parts ?? undefined;
}
