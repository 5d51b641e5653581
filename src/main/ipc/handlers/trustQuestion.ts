import type { TrustChange, TrustOptions } from '../../../core/appCore.ts';
import type { Confirmation, HandlerContext } from './context.ts';

/**
 * The question main asks before a change to where secrets travel takes
 * effect: each change in plain words, and what saying yes means. Cancel is
 * the default answer, and changes nothing.
 */
export function trustQuestion(what: string, changes: readonly TrustChange[]): Confirmation {
  const lines = changes.map((c) => `• ${c.text.charAt(0).toUpperCase()}${c.text.slice(1)}.`);
  return {
    title: 'Change where Robot Tray sends secrets?',
    message: `Change how Robot Tray reaches ${what}?`,
    detail:
      `${lines.join('\n')}\n\n` +
      'Robot tokens (and the proxy password) would then travel this way, readable by whoever this trusts. ' +
      'Confirm only if you made this change yourself; Cancel changes nothing.',
    confirmLabel: changes.length === 1 ? 'Make this change' : 'Make these changes',
  };
}

/**
 * How a handler lets a trust change through: main asks the person in its own
 * dialog, naming `what` is reached (resolved only when there is something to
 * ask). The window's request alone never confirms anything.
 */
export function askPerson(ctx: HandlerContext, what: () => string | Promise<string>): TrustOptions {
  return { confirmTrust: async (changes) => ctx.confirm(trustQuestion(await what(), changes)) };
}
