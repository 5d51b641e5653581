/**
 * Channel naming, kept free of zod so the sandboxed preload stays tiny.
 * The list of method names is duplicated from the contract on purpose and a
 * unit test keeps the two equal.
 */
export const CHANNEL_PREFIX = 'robot-tray:';

export const contractMethodNames = ['getAppInfo'] as const;

export type ContractMethodName = (typeof contractMethodNames)[number];

export function channelOf(method: string): string {
  return CHANNEL_PREFIX + method;
}

export function methodOfChannel(channel: string): string | undefined {
  return channel.startsWith(CHANNEL_PREFIX) ? channel.slice(CHANNEL_PREFIX.length) : undefined;
}
