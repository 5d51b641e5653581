import type { TrustOptions } from '../core/appCore.ts';
import { CliError } from './cliError.ts';

/** The one flag every command that changes where secrets travel takes to confirm it. */
export const CONFIRM_TRUST_FLAG = '--confirm-trust';

export const CONFIRM_TRUST_HELP =
  'confirm a change to where tokens or the proxy password travel (a proxy, a CA file, an accepted certificate, plain http); without it such a change is refused, and named';

/**
 * The CLI's answer when a command would change where secrets travel: yes
 * with --confirm-trust; without it the command stops, naming the change and
 * the flag, and nothing is changed.
 */
export function trustByFlag(confirmed: boolean | undefined): TrustOptions {
  return {
    confirmTrust: (changes) => {
      if (confirmed === true) return Promise.resolve(true);
      const what = changes.map((c) => c.text).join('; ');
      throw new CliError(
        'unconfirmed',
        `Nothing was changed: this would ${what}. That changes where tokens or the proxy password travel; if you mean it, run the command again with ${CONFIRM_TRUST_FLAG}.`,
      );
    },
  };
}
