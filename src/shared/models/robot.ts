import { z } from 'zod';
import { CaFilePath, CertFingerprint } from './network.ts';
import { PollPolicyOverrides } from './pollPolicy.ts';
import { doubledPathReason, trimTrailingSlashes } from './robotUrls.ts';

/**
 * A name people type in commands and read in tables: trimmed, one line of
 * printable text (a tab or newline would break tables), never starting with
 * "-" (a command would read it as an option).
 */
export function nameSchema(max: number) {
  return z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value), 'must be one line without tabs or control characters')
    .refine(
      (value) => !value.startsWith('-'),
      'must not start with "-" (commands would read it as an option)',
    );
}

export function hasControlCharacters(value: string): boolean {
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

export const RobotName = nameSchema(120);

/** A base address longer than this is not one (and would make every list slow to read). */
export const MAX_BASE_URL_LENGTH = 2048;

export { trimTrailingSlashes };

/**
 * The service's base address: http(s), no credentials, query or fragment.
 * Whether plain http is allowed for this host is decided with the robot's
 * allowInsecureHttp flag (core/http/targetUrl.ts), not here. Kept as the URL
 * parser reads it, not as typed: `https://robots%2Eexample.com` is
 * robots.example.com, and that is where the token goes, so that is what
 * every list shows.
 */
export const BaseUrl = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_BASE_URL_LENGTH, `must be at most ${MAX_BASE_URL_LENGTH} characters`)
  // abort: the checks below parse the URL, which throws on text that is not one.
  .refine((value) => URL.canParse(value), {
    message: 'must be a full URL such as https://robots.example.com',
    abort: true,
  })
  .refine((value) => /^https?:$/.test(new URL(value).protocol), 'must start with https:// or http://')
  .refine((value) => {
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'must not contain a user name or password; the token goes in the robot settings')
  .refine((value) => {
    const url = new URL(value);
    return url.search === '' && url.hash === '';
  }, 'must not contain ? or #')
  .transform((value) => trimTrailingSlashes(new URL(value).href));

export const Robot = z.object({
  id: z.string().min(1),
  name: RobotName,
  baseUrl: BaseUrl,
  notes: z.string().max(10_000).default(''),
  pollPolicy: PollPolicyOverrides.default({}),
  /** The spec leaves query auth open; default on, since it is the same service. */
  sendTokenOnQuery: z.boolean().default(true),
  allowInsecureHttp: z.boolean().default(false),
  /** Ask before firing from the tray (a robot with real-world effects). */
  confirmBeforeFiring: z.boolean().default(false),
  /** When a token was last stored in the keychain; never the token itself. */
  tokenUpdatedAt: z.number().nullable().default(null),
  /**
   * The origin the stored token is bound to (its keychain account names it);
   * null for a token stored before tokens were bound to origins. Never the token.
   */
  tokenOrigin: z.string().nullable().default(null),
  /** An extra PEM file of CA certificates trusted for this robot only. */
  caFile: CaFilePath.nullable().default(null),
  /**
   * "Accept this certificate": the SHA-256 fingerprint of the one certificate
   * accepted for this robot whatever its issuer; any other is refused loudly.
   */
  pinnedCertSha256: CertFingerprint.nullable().default(null),
  /**
   * The origin the certificate was accepted for: it is accepted there only
   * (core/http/targetUrl.ts), and forgotten when the robot moves elsewhere.
   */
  pinnedCertOrigin: z.string().nullable().default(null),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Robot = z.infer<typeof Robot>;

/**
 * A base address being saved: a trigger or query URL kept as the base would
 * double the service's paths (a 404 on every call), so it is refused with the
 * base to use. Robots stored before this check still load (Robot uses BaseUrl).
 */
export const NewBaseUrl = BaseUrl.superRefine((value, ctx) => {
  const reason = doubledPathReason(value);
  if (reason !== null) ctx.addIssue({ code: 'custom', message: reason });
});

export const RobotInput = z.object({
  name: RobotName,
  baseUrl: NewBaseUrl,
  notes: z.string().max(10_000).optional(),
  pollPolicy: PollPolicyOverrides.optional(),
  sendTokenOnQuery: z.boolean().optional(),
  allowInsecureHttp: z.boolean().optional(),
  confirmBeforeFiring: z.boolean().optional(),
  caFile: CaFilePath.nullable().optional(),
  pinnedCertSha256: CertFingerprint.nullable().optional(),
});
export type RobotInput = z.input<typeof RobotInput>;

export const RobotPatch = RobotInput.partial();
export type RobotPatch = z.input<typeof RobotPatch>;

/** What the window and the CLI see of a robot: the record plus whether a token is ready, or bound elsewhere. */
export type RobotView = Robot & { hasToken: boolean; tokenSuspended: { from: string; to: string } | null };
