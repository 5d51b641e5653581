import { QUERY_PREFIX } from './routes/query.ts';
import { TRIGGER_PATH } from './routes/trigger.ts';
import { startSandbox, type Sandbox, type SandboxOptions } from './sandbox.ts';
import { SandboxValidationError } from './validation.ts';

/**
 * Runs the sandbox in the foreground: starts it, prints the base URL and
 * every robot's token, and stops it on SIGINT or SIGTERM. Shared by
 * `npm run sandbox` and `robot-tray sandbox`, which differ only in how they
 * read their options.
 */
export async function serveSandbox(
  options: SandboxOptions,
  log: (line: string) => void = console.log,
): Promise<Sandbox> {
  const sandbox = await startSandbox(options);
  // Before the banner: whoever reads it may stop the sandbox at once, and a
  // SIGTERM with no handler yet would kill the process instead of closing it.
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const { baseUrl } = sandbox;
  const width = Math.max(0, ...sandbox.robots.map((robot) => robot.name.length));
  log(`Robot Tray sandbox listening on ${baseUrl}`);
  log(`  trigger  POST or GET ${baseUrl}${TRIGGER_PATH}  (header x-service-token)`);
  log(`  query    GET ${baseUrl}${QUERY_PREFIX}{webhookCallId}`);
  log(`  admin    ${baseUrl}/__sandbox/robots`);
  log('Robots and their tokens:');
  for (const robot of sandbox.robots) log(`  ${robot.name.padEnd(width)}  ${robot.token}`);
  return sandbox;
}

/**
 * A failure to start, as one line for people and an exit code: 2 for a bad
 * option or config file, 1 when the port or host cannot be used. Undefined
 * for anything else, which the caller reports as unexpected.
 */
export function describeStartFailure(error: unknown): { message: string; exitCode: 1 | 2 } | undefined {
  if (error instanceof SandboxValidationError) return { message: error.message, exitCode: 2 };
  const code = (error as { code?: string } | null)?.code;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    return { message: `cannot listen: ${(error as Error).message}. Pick another --port.`, exitCode: 1 };
  }
  // A host name that does not resolve, or an address this machine does not have.
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EADDRNOTAVAIL') {
    return { message: `cannot listen: ${(error as Error).message}. Pick another --host.`, exitCode: 1 };
  }
  return undefined;
}
