/**
 * Where a robot's webhook token comes from, in the spec's own steps (section 1),
 * said the same way by every message that asks people for a token.
 */
export const DESIGNER_TOKEN_STEPS =
  'in the robot\'s Designer: the gear icon, section "Webhook token", the generate-token icon, confirm, then copy';
