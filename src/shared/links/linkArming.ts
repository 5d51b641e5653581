/**
 * How long "Fire now" stays inactive after a link's run opens, and after the
 * window comes back into focus. A link opens on anyone's say and main brings
 * the window forward: a key pressed for what the person was typing elsewhere
 * must not be the one that fires.
 */
export const ARMING_DELAY_MS = 1_000;
