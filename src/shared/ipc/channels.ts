/**
 * Channel naming, kept free of zod so the sandboxed preload stays tiny. The
 * method names themselves are generated from the contract (methodNames.ts).
 */
export const CHANNEL_PREFIX = 'robot-tray:';

/**
 * The preload tells main, on this channel, the path of a file the person
 * dropped onto the window (read by the preload from a trusted drop event);
 * the window itself never sends it (see docs/SECURITY.md).
 */
export const DROPPED_FILE_CHANNEL = 'robot-tray-dropped-file';

/** The one channel main pushes AppEvents on. */
export const EVENT_CHANNEL = 'robot-tray-event';

export function channelOf(method: string): string {
  return CHANNEL_PREFIX + method;
}

export function methodOfChannel(channel: string): string | undefined {
  return channel.startsWith(CHANNEL_PREFIX) ? channel.slice(CHANNEL_PREFIX.length) : undefined;
}
