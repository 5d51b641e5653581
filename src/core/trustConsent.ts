import { AppError } from './errors.ts';
import type { ConfirmTrust, TrustChange } from './trustChanges.ts';

/** How a caller lets a change to where secrets travel through: by asking someone who may decide. */
export type TrustOptions = { confirmTrust?: ConfirmTrust };

/** The changes someone confirmed, by the words they were shown. */
export type Confirmed = ReadonlySet<string>;

const listed = (changes: readonly TrustChange[]) => changes.map((c) => c.text).join('; ');

/**
 * Asks about the changes, when there are any; without a way to ask, or when
 * the answer is no, nothing may change. Returns what was confirmed, to check
 * the change against when it is applied.
 */
export async function askTrust(changes: readonly TrustChange[], options: TrustOptions): Promise<Confirmed> {
  if (changes.length === 0) return new Set();
  if (options.confirmTrust === undefined || !(await options.confirmTrust(changes))) {
    throw new AppError(
      'unconfirmed',
      `Nothing was changed, since this was not confirmed: ${listed(changes)}.`,
    );
  }
  return new Set(changes.map((c) => c.text));
}

/**
 * The changes as they would be applied now must all be ones the person was
 * shown: one that differs (the file changed while they were asked) is
 * refused, as a token moves only to the origin its dialog named.
 */
export function assertConfirmed(changes: readonly TrustChange[], confirmed: Confirmed): void {
  const unseen = changes.filter((c) => !confirmed.has(c.text));
  if (unseen.length === 0) return;
  throw new AppError(
    'unconfirmed',
    `Nothing was changed: the settings changed while you were asked, and saving now would ${listed(unseen)}, which you were not asked about. Look again, then confirm again.`,
  );
}
