import { readFileSync } from 'node:fs';
import module from 'node:module';
import { compileCacheDir } from '../../bin/cliEntry.js';
import { commandExitCode } from './command.ts';
import { debugDetail, errorLine } from './errorReport.ts';
import { exitCodeForError } from './exitCodes.ts';
import { flushOutput, printProblem } from './output.ts';
import { buildProgram } from './program.ts';

/**
 * The `robot-tray` command (bin/robot-tray.js imports this). Every outcome
 * becomes an exit code: the command's own, or the one its error maps to.
 */
async function main(argv: string[]): Promise<number> {
  // The installed app runs this bundle on its Electron with no bin in front:
  // the core, loaded lazily, is then compiled once, not on every command.
  // (From a clone the bin has enabled it already, in the same folder.)
  module.enableCompileCache?.(compileCacheDir());
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  try {
    await buildProgram(version, argv).parseAsync(argv, { from: 'user' });
    return commandExitCode();
  } catch (error) {
    const line = errorLine(error);
    if (line !== undefined) printProblem(line);
    const detail = debugDetail(error);
    if (detail !== undefined) process.stderr.write(detail + '\n');
    return exitCodeForError(error);
  }
}

// A reader that goes away early (`robot-tray call list | head -1`) is not an
// error worth a stack trace: stop writing and exit quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const code = await main(process.argv.slice(2));
await flushOutput();
// Exit now rather than when the event loop drains: a keep-alive socket or
// the keychain's D-Bus connection must not hold a finished command open.
process.exit(code);
