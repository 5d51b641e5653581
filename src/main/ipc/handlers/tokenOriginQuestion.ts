import { isPlainHttpElsewhere, type TokenSuspension } from '../../../shared/models/tokenOrigin.ts';
import type { Confirmation } from './context.ts';

/**
 * The question main asks before a token goes to a new origin: both origins
 * named, and plain http called what it is. Cancel is the default answer.
 */
export function tokenOriginQuestion(robotName: string, s: TokenSuspension): Confirmation {
  const insecure = isPlainHttpElsewhere(s.to);
  return {
    title: 'Use the token at a new address?',
    message: `Send the token of robot "${robotName}" to ${s.to}?`,
    detail:
      `Its token was set for ${s.from}. The robot now points at ${s.to}, and Robot Tray sends the token there only if you confirm. ` +
      (insecure ? 'That address uses plain http: the token would travel unencrypted. ' : '') +
      'Confirm only if you changed the address yourself and trust the new server; otherwise cancel and set a new token for it.',
    confirmLabel: `Use the token for ${s.to}`,
  };
}
