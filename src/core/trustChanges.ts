import type { CaFileSummary, NetworkSettings } from '../shared/models/network.ts';
import { isPlainHttpElsewhere, originOf } from '../shared/models/tokenOrigin.ts';
import { proxyOriginOf } from '../shared/net/proxyAddress.ts';

/**
 * Trust decisions: a change to where a secret (a robot's token, the proxy
 * password) travels, or to who may read it on the way. Each is worded for
 * the person who must confirm it, naming the new destination and what it
 * replaces. Pure, so the words shown and the check made when the change is
 * applied come from the same rule.
 */
export type TrustChange =
  | { kind: 'proxy' | 'ca-file' | 'system-store' | 'pin' | 'plain-http'; text: string }
  /** The stored proxy password goes with the proxy to its new address. */
  | { kind: 'proxy-password'; text: string; from: string; to: string };

/**
 * Asks whoever may decide (main's native dialog, the CLI's --confirm-trust)
 * about the changes; true only when they said yes.
 */
export type ConfirmTrust = (changes: readonly TrustChange[]) => Promise<boolean>;

/** A CA file read before the change, so its words name the certificate the person is trusting. */
export type CaFacts = { file: string; summary: CaFileSummary };

function caWords(file: string, ca: CaFacts | undefined): string {
  const name = file.split(/[\\/]/).pop() ?? file;
  if (ca === undefined || ca.file !== file) return `the CA file ${name}`;
  const more = ca.summary.count === 1 ? '' : ` and ${ca.summary.count - 1} more`;
  return `the CA file ${name} (${ca.summary.subject}, SHA-256 ${ca.summary.sha256}${more})`;
}

/** Which way requests go under these settings, in words; null for "directly". */
function routeWords(network: NetworkSettings): string | null {
  switch (network.proxyMode) {
    case 'none':
      return null;
    case 'env':
      return "through the proxy that HTTPS_PROXY and HTTP_PROXY name in Robot Tray's environment";
    case 'system':
      return "the way the system's proxy settings (a PAC file included) say";
    case 'manual':
      return network.proxyUrl === null ? null : `through the proxy ${proxyOriginOf(network.proxyUrl)}`;
  }
}

/**
 * What changing the network settings from `before` to `after` does to where
 * secrets go. `passwordAt` is the proxy address a password is stored for, as
 * the keychain said before the change. Going direct, trusting less, or
 * forgetting a file is no trust decision; everything that adds a party is.
 */
export function networkTrustChanges(
  before: NetworkSettings,
  after: NetworkSettings,
  facts: { ca?: CaFacts; passwordAt: string | null },
): TrustChange[] {
  const changes: TrustChange[] = [];
  const route = routeWords(after);
  const was = routeWords(before);
  if (route !== null && route !== was) {
    changes.push({
      kind: 'proxy',
      text: `send requests ${route} instead of ${was ?? 'directly'}`,
    });
  }
  const to = after.proxyUrl === null ? null : proxyOriginOf(after.proxyUrl);
  const from = facts.passwordAt;
  if (from !== null && to !== null && to !== from && before.proxyUrl !== null) {
    if (proxyOriginOf(before.proxyUrl) === from) {
      changes.push({
        kind: 'proxy-password',
        text: `send the proxy password stored for ${from} to the proxy ${to}`,
        from,
        to,
      });
    }
  }
  if (after.caFile !== null && after.caFile !== before.caFile) {
    changes.push({ kind: 'ca-file', text: `trust ${caWords(after.caFile, facts.ca)} for every robot` });
  }
  if (after.useSystemCertificates && !before.useSystemCertificates) {
    changes.push({
      kind: 'system-store',
      text: "trust every certificate authority in the operating system's store, for every robot",
    });
  }
  return changes;
}

/** What of a robot decides where its token goes and who can read it on the way. */
export type RobotTrust = {
  baseUrl: string;
  allowInsecureHttp: boolean;
  caFile: string | null;
  pinnedCertSha256: string | null;
  pinnedCertOrigin: string | null;
};

function hostOf(origin: string): string {
  return new URL(origin).host;
}

/** The origin plain http goes to for this robot, when it sends there unencrypted; else null. */
function plainHttpTo(robot: RobotTrust): string | null {
  const origin = originOf(robot.baseUrl);
  return robot.allowInsecureHttp && isPlainHttpElsewhere(origin) ? origin : null;
}

/**
 * What saving a robot as `after` (over `before`, null for a new one) does to
 * where its token goes: a certificate accepted whatever its issuer, plain
 * http to another machine, a CA file trusted. A robot moved to another
 * origin is none of these: its token is suspended until someone confirms the
 * move (tokenOrigin), and its accepted certificate stays with the old host.
 */
export function robotTrustChanges(
  before: RobotTrust | null,
  after: RobotTrust,
  facts: { ca?: CaFacts } = {},
): TrustChange[] {
  const changes: TrustChange[] = [];
  const pin = after.pinnedCertSha256;
  if (
    pin !== null &&
    after.pinnedCertOrigin !== null &&
    (pin !== before?.pinnedCertSha256 || after.pinnedCertOrigin !== before.pinnedCertOrigin)
  ) {
    changes.push({
      kind: 'pin',
      text: `accept the certificate ${pin} for ${hostOf(after.pinnedCertOrigin)} whatever its issuer or name`,
    });
  }
  const plain = plainHttpTo(after);
  if (plain !== null && plain !== (before === null ? null : plainHttpTo(before))) {
    changes.push({
      kind: 'plain-http',
      text: `allow plain http to ${hostOf(plain)}, where the token and arguments travel unencrypted`,
    });
  }
  if (after.caFile !== null && after.caFile !== before?.caFile) {
    changes.push({ kind: 'ca-file', text: `trust ${caWords(after.caFile, facts.ca)} for this robot` });
  }
  return changes;
}
