import { QUERY_PATH, TRIGGER_PATH, trimTrailingSlashes } from '../../shared/models/robotUrls.ts';
import { isLoopbackHost } from '../../shared/net/loopback.ts';
import { AppError } from '../errors.ts';

export { QUERY_PATH, TRIGGER_PATH };

export type Target = {
  /** scheme://host[:port], the only place a token may travel to. */
  origin: string;
  /** Any path prefix of the base URL, without a trailing slash ('' for none). */
  basePath: string;
  /** The robot's own CA file and accepted certificate, when it has them. */
  caFile?: string | null;
  pin?: string | null;
  /** The robot's name, for messages about its CA file. */
  robotName?: string;
};

/** Loopback hosts are the only place plain http is fine without asking. */
export const isLoopbackHostname = isLoopbackHost;

/**
 * Where a robot's calls go. https is required except on loopback; plain http
 * elsewhere only when the robot says allowInsecureHttp (the window warns).
 */
/** A robot's accepted certificate and the origin it was accepted for. */
export type PinNote = { pinnedCertSha256?: string | null; pinnedCertOrigin?: string | null };

/**
 * The certificate accepted for a robot at `origin`: its pin only where it was
 * accepted, so a pin never vouches for another host (none where it was
 * never told where).
 */
export function pinAt(robot: PinNote, origin: string): string | null {
  const pin = robot.pinnedCertSha256 ?? null;
  return pin !== null && robot.pinnedCertOrigin === origin ? pin : null;
}

export function targetOf(
  robot: {
    baseUrl: string;
    allowInsecureHttp: boolean;
    name: string;
    caFile?: string | null;
  } & PinNote,
): Target {
  let url: URL;
  try {
    url = new URL(robot.baseUrl);
  } catch {
    throw new AppError(
      'validation',
      `Robot "${robot.name}" has an invalid base URL. Edit the robot and fix it.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('validation', `Robot "${robot.name}": the base URL must start with https://.`);
  }
  if (url.protocol === 'http:' && !isLoopbackHostname(url.hostname) && !robot.allowInsecureHttp) {
    throw new AppError(
      'validation',
      `Robot "${robot.name}" uses plain http to ${url.host}, which would send its token unencrypted. ` +
        'Use an https:// base URL, or allow insecure http for this robot if you accept the risk.',
    );
  }
  return {
    origin: url.origin,
    basePath: trimTrailingSlashes(url.pathname),
    caFile: robot.caFile ?? null,
    pin: pinAt(robot, url.origin),
    robotName: robot.name,
  };
}

/**
 * The query path for one webhookCallId, encoded as exactly ONE path segment.
 * Every character outside the unreserved set is percent-encoded, dots
 * included, so `/`, `?`, `#`, `..` or `%2e` in an id can never change the path
 * or the host. An id that is empty or only dots has no safe encoding at all
 * (`.` and `..` segments are folded even when percent-encoded), so it is
 * refused.
 */
export function queryPath(target: Target, webhookCallId: string): string {
  const problem = callIdProblem(webhookCallId);
  if (problem !== undefined) {
    // Permanent: the id will never become usable, so polling it until the deadline only repeats this.
    throw new AppError(
      'protocol',
      `The webhookCallId of this run ${problem}, so it cannot be put in a status query.`,
      { permanent: true, maybeDelivered: false },
    );
  }
  return target.basePath + QUERY_PATH + encodePathSegment(webhookCallId);
}

/** The longest webhookCallId Robot Tray queries with; real ones are a few dozen characters. */
export const MAX_CALL_ID_LENGTH = 2048;

/**
 * Why a webhookCallId cannot be queried, in words, or undefined when it
 * can. A lone surrogate (half of a UTF-16 pair) has no UTF-8 form, so
 * encoding it fails before anything is sent: without this check such an id
 * was accepted and then every poll failed until the watch deadline.
 */
export function callIdProblem(id: string): string | undefined {
  if (id.length === 0) return 'is empty';
  if (id.length > MAX_CALL_ID_LENGTH)
    return `is ${id.length.toLocaleString('en-US')} characters long, more than Robot Tray's limit of ${MAX_CALL_ID_LENGTH.toLocaleString('en-US')}`;
  if (/^\.+$/.test(id)) return 'is only dots, which a URL path folds away';
  if (/\p{Surrogate}/u.test(id))
    return 'holds a broken character (a lone UTF-16 surrogate) that has no UTF-8 form';
  return undefined;
}

export function isUsableCallId(id: string): boolean {
  return callIdProblem(id) === undefined;
}

export function encodePathSegment(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*.~]/g,
    (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'),
  );
}

export function triggerPath(target: Target, query: string): string {
  return target.basePath + TRIGGER_PATH + (query === '' ? '' : '?' + query);
}
