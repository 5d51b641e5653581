import { z } from 'zod';

/**
 * How Robot Tray reaches services inside company networks: which
 * certificates it trusts and which proxy it goes through. The window's
 * settings form and the CLI edit these fields; the core applies them.
 */

/**
 * - system: the operating system's proxy settings (PAC files included), as
 *   the app's browser engine resolves them per robot; where the OS cannot be
 *   asked (the CLI), the environment's HTTPS_PROXY / HTTP_PROXY / NO_PROXY.
 * - env: HTTPS_PROXY, HTTP_PROXY and NO_PROXY (lower case too).
 * - manual: proxyUrl, with proxyUser and a password kept in the keychain.
 * - none: always connect directly.
 */
export const ProxyMode = z.enum(['system', 'env', 'manual', 'none']);
export type ProxyMode = z.infer<typeof ProxyMode>;

/** A path to a PEM file of one or more CA certificates; checked for existence and content when saved. */
export const CaFilePath = z.string().trim().min(1, 'must not be empty').max(4096);

/**
 * What the window shows of a CA file main read: the file's name (never a path
 * it could send back), how many certificates it holds, and the first one's
 * subject and SHA-256 fingerprint, to compare with what IT published.
 */
export const CaFileSummary = z.object({
  name: z.string(),
  count: z.number().int().min(1),
  subject: z.string(),
  sha256: z.string(),
});
export type CaFileSummary = z.infer<typeof CaFileSummary>;

/** A proxy address: http://, https:// or socks5://, host and port only; the password lives in the keychain. */
export const ProxyUrl = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(2048)
  .refine((value) => URL.canParse(value), {
    message: 'must be a full URL such as http://proxy.example.com:3128',
    abort: true,
  })
  .refine(
    (value) => ['http:', 'https:', 'socks5:', 'socks:'].includes(new URL(value).protocol),
    'must start with http://, https:// or socks5://',
  )
  .refine((value) => {
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'must not contain a user name or password; set proxyUser, and the password with the proxy password command or form')
  .refine((value) => {
    const url = new URL(value);
    return (url.pathname === '/' || url.pathname === '') && url.search === '' && url.hash === '';
  }, 'must be only scheme, host and port, such as http://proxy.example.com:3128');

/** One NO_PROXY-style entry: a host, .domain, *.domain, an IP, optionally :port, or "*". */
export const BypassEntry = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine((value) => /^[\w.*:[\]-]+$/.test(value), 'must be a host name, .domain, IP address or "*"');

export const NetworkFields = z.object({
  /** Trust the operating system's certificate store as well as Node's bundled roots. */
  useSystemCertificates: z.boolean(),
  /** An extra PEM file of CA certificates trusted for every robot. */
  caFile: CaFilePath.nullable(),
  proxyMode: ProxyMode,
  /** Used when proxyMode is manual. */
  proxyUrl: ProxyUrl.nullable(),
  /** The proxy's user name for manual mode; its password is in the keychain. */
  proxyUser: z.string().trim().min(1).max(256).nullable(),
  /** Hosts reached directly in manual mode (NO_PROXY syntax). */
  proxyBypass: z.array(BypassEntry).max(500),
});
export type NetworkSettings = z.infer<typeof NetworkFields>;

export const defaultNetworkSettings: NetworkSettings = {
  useSystemCertificates: true,
  caFile: null,
  proxyMode: 'system',
  proxyUrl: null,
  proxyUser: null,
  proxyBypass: [],
};

/**
 * A certificate's SHA-256 fingerprint as Node prints it (AB:CD:…, 32 bytes).
 * People paste it with or without colons, in any case.
 */
export const CertFingerprint = z
  .string()
  .trim()
  .transform((value) =>
    value
      .replace(/^sha256[:/ ]?/i, '')
      .replace(/[:\s]/g, '')
      .toUpperCase(),
  )
  .refine((hex) => /^[0-9A-F]{64}$/.test(hex), 'must be a SHA-256 fingerprint: 64 hex digits, colons allowed')
  .transform((hex) => hex.match(/../g)!.join(':'));
