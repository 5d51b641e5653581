import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/** Where a lock's owner runs, as fileLock records it: the host and (on Linux) the PID namespace. */
export const here = { host: hostname(), ...pidSpace() };

function pidSpace(): { pidSpace?: string } {
  try {
    return { pidSpace: readlinkSync('/proc/self/ns/pid') };
  } catch {
    return {};
  }
}

/** The PID of a process that has already ended: a lock naming it is stale. */
export async function pidOfEndedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}
