import type { TrustOptions } from '../../src/core/appCore.ts';

/**
 * The person saying yes to every change to where secrets travel, as the one
 * setting up a proxy, a CA file or an accepted certificate does: for tests
 * that need such a set-up, not for those about the confirmation itself.
 */
export const trustConfirmed: TrustOptions = { confirmTrust: () => Promise.resolve(true) };
