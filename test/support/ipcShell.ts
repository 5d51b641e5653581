import { dispatch } from '../../src/main/ipc/dispatch.ts';
import { contract, type MethodName, type ResponseOf } from '../../src/shared/ipc/contract.ts';
import type { AppErrorShape, IpcResult } from '../../src/shared/ipc/result.ts';
import { memorySecrets } from './memorySecrets.ts';
import { openShellHarness, type ShellHarness } from './shellHarness.ts';

export type IpcShell = ShellHarness & {
  /**
   * Send a request as a window would: through main's real dispatch, which
   * checks it against the contract. An answer is read with the method's
   * response schema, so a handler answering what the window cannot read fails.
   */
  send<M extends MethodName>(method: M, request: unknown): Promise<IpcResult<ResponseOf<M>>>;
  /** send, expecting success: its answer. */
  value<M extends MethodName>(method: M, request: unknown): Promise<ResponseOf<M>>;
  /** send, expecting a refusal: the error the window is shown. */
  refusal(method: MethodName, request: unknown): Promise<AppErrorShape>;
  /** What dispatch logged when it refused a request, as `method: reason` (its log never gets the payload). */
  refusals: string[];
};

/**
 * Main's shell (openShellHarness) as the window reaches it through IPC, with
 * its secrets in memory unless `options.core.secrets` says otherwise.
 */
export async function openIpcShell(options: Parameters<typeof openShellHarness>[0] = {}): Promise<IpcShell> {
  const shell = await openShellHarness({ ...options, core: { secrets: memorySecrets(), ...options.core } });
  const refusals: string[] = [];
  async function send<M extends MethodName>(method: M, request: unknown): Promise<IpcResult<ResponseOf<M>>> {
    const result = await dispatch(shell.handlers, method, request, (m, reason) =>
      refusals.push(`${m}: ${reason}`),
    );
    return result.ok
      ? { ok: true, value: contract[method].response.parse(result.value) as ResponseOf<M> }
      : result;
  }
  return {
    ...shell,
    send,
    refusals,
    async value(method, request) {
      const result = await send(method, request);
      if (!result.ok) throw new Error(`${method} failed: ${result.error.message}`);
      return result.value;
    },
    async refusal(method, request) {
      const result = await send(method, request);
      if (result.ok) throw new Error(`${method} was accepted`);
      return result.error;
    },
  };
}
