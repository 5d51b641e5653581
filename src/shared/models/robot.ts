import { z } from 'zod';
import { PollPolicyOverrides } from './pollPolicy.ts';

export const RobotName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(120, 'must be at most 120 characters');

/**
 * The service's base address: http(s), no credentials, query or fragment.
 * Whether plain http is allowed for this host is decided with the robot's
 * allowInsecureHttp flag (core/http/targetUrl.ts), not here.
 */
export const BaseUrl = z
  .string()
  .trim()
  .min(1, 'must not be empty')
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
  .transform((value) => value.replace(/\/+$/, ''));

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
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Robot = z.infer<typeof Robot>;

export const RobotInput = z.object({
  name: RobotName,
  baseUrl: BaseUrl,
  notes: z.string().max(10_000).optional(),
  pollPolicy: PollPolicyOverrides.optional(),
  sendTokenOnQuery: z.boolean().optional(),
  allowInsecureHttp: z.boolean().optional(),
  confirmBeforeFiring: z.boolean().optional(),
});
export type RobotInput = z.input<typeof RobotInput>;

export const RobotPatch = RobotInput.partial();
export type RobotPatch = z.input<typeof RobotPatch>;

/** What the window and the CLI see of a robot: the record plus whether a token is stored. */
export type RobotView = Robot & { hasToken: boolean };
