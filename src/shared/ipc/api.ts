import type { MethodName, RequestOf, ResponseOf } from './contract.ts';
import type { IpcResult } from './result.ts';

/** `window.robotTray`: the whole surface the window has onto the app. */
export type RobotTrayApi = {
  [M in MethodName]: (request?: RequestOf<M>) => Promise<IpcResult<ResponseOf<M>>>;
};
