import { isLoopbackHost } from '../../../../shared/net/loopback.ts';
import type { PollPolicyOverrides } from '../../../../shared/models/pollPolicy.ts';
import { RobotInput, type Robot } from '../../../../shared/models/robot.ts';
import { baseUrlFrom } from '../../../../shared/models/robotUrls.ts';
import { zodFieldErrors } from '../../forms/fieldErrors.ts';

/** What the robot form holds: text as typed, checkboxes as booleans. */
export type RobotDraft = {
  name: string;
  baseUrl: string;
  notes: string;
  sendTokenOnQuery: boolean;
  allowInsecureHttp: boolean;
  confirmBeforeFiring: boolean;
  /** Poll settings in people's units; empty means the app-wide default. */
  firstDelaySeconds: string;
  maxDelaySeconds: string;
  factor: string;
  watchMinutes: string;
  /** Set by "Accept this certificate", cleared by "Forget"; never typed. */
  pinnedCertSha256: string | null;
};

export const robotFields = [
  'name',
  'baseUrl',
  'notes',
  'pollPolicy',
  'allowInsecureHttp',
  'pinnedCertSha256',
] as const;

const text = (n: number | undefined, scale: number) => (n === undefined ? '' : String(n / scale));

export function pollDraftOf(p: PollPolicyOverrides): PollDraft {
  return {
    firstDelaySeconds: text(p.firstDelayMs, 1000),
    maxDelaySeconds: text(p.maxDelayMs, 1000),
    factor: text(p.factor, 1),
    watchMinutes: text(p.watchDeadlineMs, 60_000),
  };
}

export function draftOf(robot?: Robot): RobotDraft {
  return {
    name: robot?.name ?? '',
    baseUrl: robot?.baseUrl ?? '',
    notes: robot?.notes ?? '',
    sendTokenOnQuery: robot?.sendTokenOnQuery ?? true,
    allowInsecureHttp: robot?.allowInsecureHttp ?? false,
    confirmBeforeFiring: robot?.confirmBeforeFiring ?? false,
    ...pollDraftOf(robot?.pollPolicy ?? {}),
    pinnedCertSha256: robot?.pinnedCertSha256 ?? null,
  };
}

/** The poll boxes of a form (a robot's overrides, or the defaults in Settings). */
export type PollDraft = Pick<RobotDraft, 'firstDelaySeconds' | 'maxDelaySeconds' | 'factor' | 'watchMinutes'>;

type PollField = {
  key: keyof PollPolicyOverrides;
  from: keyof PollDraft;
  scale: number;
  min: number;
  max: number;
  what: string;
};

const pollFields: PollField[] = [
  {
    key: 'firstDelayMs',
    from: 'firstDelaySeconds',
    scale: 1000,
    min: 0.1,
    max: 600,
    what: 'First check: a number of seconds from 0.1 to 600',
  },
  {
    key: 'maxDelayMs',
    from: 'maxDelaySeconds',
    scale: 1000,
    min: 0.1,
    max: 3600,
    what: 'Longest gap: a number of seconds from 0.1 to 3600',
  },
  {
    key: 'factor',
    from: 'factor',
    scale: 1,
    min: 1,
    max: 10,
    what: 'Slow-down factor: a number from 1 to 10',
  },
  {
    key: 'watchDeadlineMs',
    from: 'watchMinutes',
    scale: 60_000,
    min: 1 / 60,
    max: 7 * 24 * 60,
    what: 'Watch for: a number of minutes up to 10080 (a week)',
  },
];

/** The poll overrides a draft names, or why one of them is not usable. */
export function pollPolicyOf(draft: PollDraft): { policy: PollPolicyOverrides } | { error: string } {
  const policy: PollPolicyOverrides = {};
  for (const f of pollFields) {
    const raw = String(draft[f.from]).trim();
    if (raw === '') continue;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < f.min || n > f.max) return { error: `${f.what}.` };
    policy[f.key] = f.scale === 1 ? n : Math.round(n * f.scale);
  }
  if (
    policy.firstDelayMs !== undefined &&
    policy.maxDelayMs !== undefined &&
    policy.maxDelayMs < policy.firstDelayMs
  ) {
    return { error: 'The longest gap must be at least the first check.' };
  }
  return { policy };
}

/** Whether this base URL is plain http to another machine (its token would travel unencrypted). */
export function isInsecureRemote(baseUrl: string): boolean {
  if (!URL.canParse(baseUrl.trim())) return false;
  const url = new URL(baseUrl.trim());
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}

/**
 * The request to save a draft, or the reason beside each field that stops it.
 * The same zod schema main parses with, so the window says what main would.
 */
export function robotInputOf(draft: RobotDraft): { input: RobotInput } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const poll = pollPolicyOf(draft);
  if ('error' in poll) errors['pollPolicy'] = poll.error;
  const candidate = {
    name: draft.name,
    // A pasted trigger or query URL stands for its base (the form shows which addresses follow).
    baseUrl: baseUrlFrom(draft.baseUrl).baseUrl,
    notes: draft.notes,
    pollPolicy: 'policy' in poll ? poll.policy : {},
    sendTokenOnQuery: draft.sendTokenOnQuery,
    allowInsecureHttp: draft.allowInsecureHttp,
    confirmBeforeFiring: draft.confirmBeforeFiring,
    pinnedCertSha256: draft.pinnedCertSha256,
  };
  const parsed = RobotInput.safeParse(candidate);
  if (!parsed.success) Object.assign(errors, zodFieldErrors(parsed.error.issues), errors);
  if (errors['baseUrl'] === undefined && isInsecureRemote(draft.baseUrl) && !draft.allowInsecureHttp) {
    errors['baseUrl'] =
      'Plain http:// to another computer would send the token unencrypted. Use https://, or allow insecure http below if you accept the risk.';
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { input: candidate };
}
