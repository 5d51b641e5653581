/**
 * Channel naming, kept free of zod so the sandboxed preload stays tiny.
 * The list of method names is duplicated from the contract on purpose and a
 * unit test keeps the two equal.
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

export const contractMethodNames = [
  // robots
  'listRobots',
  'createRobot',
  'updateRobot',
  'chooseRobotCaFile',
  'describeRobotCaFile',
  'clearRobotCaFile',
  'deleteRobot',
  'setToken',
  'clearToken',
  'tokenStatus',
  'confirmTokenOrigin',
  'diagnoseRobot',
  // presets
  'listPresets',
  'createPreset',
  'updatePreset',
  'deletePreset',
  'duplicatePreset',
  'lastFieldValues',
  'reorderPresets',
  // calls
  'fire',
  'curlCommand',
  'listCalls',
  'getCall',
  'getCallResponseStart',
  'showingCall',
  'stopCall',
  'resumeCall',
  'checkCall',
  'refireCall',
  'forgetCall',
  'clearFinished',
  'runStats',
  'adoptWaitingCalls',
  // saved calls
  'saveCall',
  'openSavedCall',
  'openDroppedCall',
  // settings
  'getSettings',
  'updateSettings',
  'chooseSettingsCaFile',
  'describeSettingsCaFile',
  'clearSettingsCaFile',
  'exportRobots',
  'chooseImportFile',
  'planImport',
  'applyImport',
  'getTeamCatalog',
  'chooseTeamCatalog',
  'stopTeamCatalog',
  'copyTeamRobot',
  'listWarnings',
  'dismissWarning',
  'setProxyPassword',
  'clearProxyPassword',
  'proxyPasswordStatus',
  // app
  'getAppInfo',
  'getDemo',
  'startDemo',
  'removeDemo',
  'takeNavigation',
  'openExternal',
] as const;

export type ContractMethodName = (typeof contractMethodNames)[number];

export function channelOf(method: string): string {
  return CHANNEL_PREFIX + method;
}

export function methodOfChannel(channel: string): string | undefined {
  return channel.startsWith(CHANNEL_PREFIX) ? channel.slice(CHANNEL_PREFIX.length) : undefined;
}
