import type { MethodName, RequestOf, ResponseOf } from '../../../shared/ipc/contract.ts';
import type { RobotTrayApi } from '../../../shared/ipc/api.ts';
import type { ErrorKind } from '../../../shared/errorKinds.ts';

/** A refusal or failure as main described it: its kind and a sentence for people. */
export class BridgeError extends Error {
  readonly kind: ErrorKind;
  constructor(kind: ErrorKind, message: string) {
    super(message);
    this.name = 'BridgeError';
    this.kind = kind;
  }
}

export const MISSING_BRIDGE_MESSAGE =
  'The Robot Tray bridge is missing: open this page from the Robot Tray app.';

/** The bridge main's preload exposes, or undefined when this page runs outside the app. */
export function bridge(): RobotTrayApi | undefined {
  return (window as Partial<Window>).robotTray;
}

export function hasBridge(): boolean {
  return bridge() !== undefined;
}

/**
 * The one way the window asks main for anything: call a contract method and
 * get its value, or a BridgeError carrying main's kind and message. A missing
 * bridge is one clear error here rather than a TypeError everywhere.
 */
export async function call<M extends MethodName>(method: M, request?: RequestOf<M>): Promise<ResponseOf<M>> {
  const api = bridge();
  if (api === undefined) throw new BridgeError('internal', MISSING_BRIDGE_MESSAGE);
  let result;
  try {
    const fn = api[method] as (request?: RequestOf<M>) => ReturnType<RobotTrayApi[M]>;
    result = await fn(request ?? ({} as RequestOf<M>));
  } catch {
    throw new BridgeError('internal', 'Robot Tray did not answer. Restart the app and try again.');
  }
  if (!result.ok) throw new BridgeError(result.error.kind, result.error.message);
  return result.value as ResponseOf<M>;
}

/** The sentence to show for any failure of `call`. */
export function messageOf(error: unknown): string {
  if (error instanceof BridgeError) return error.message;
  return 'Something went wrong in the window. Try again; if it keeps happening, restart the app.';
}
