import type { AppEvent } from '../events.ts';
import type { MethodName, RequestOf, ResponseOf } from './contract.ts';
import type { IpcResult } from './result.ts';

/** Methods whose request has no required field may be called without one. */
type MethodFn<M extends MethodName> =
  Record<string, never> extends RequestOf<M>
    ? (request?: RequestOf<M>) => Promise<IpcResult<ResponseOf<M>>>
    : (request: RequestOf<M>) => Promise<IpcResult<ResponseOf<M>>>;

export type ContractApi = { [M in MethodName]: MethodFn<M> };

/**
 * `window.robotTray`: the whole surface the window has onto the app. One
 * function per contract method, plus `onEvent`, which passes only the event
 * payload (never Electron's event object) and returns an unsubscribe.
 */
export type RobotTrayApi = ContractApi & {
  onEvent: (listener: (event: AppEvent) => void) => () => void;
};
