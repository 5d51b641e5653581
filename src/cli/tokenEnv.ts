import type { Command } from 'commander';
import type { AppCore } from '../core/appCore.ts';
import { usageError } from './cliError.ts';

export type TokenEnvOptions = { tokenEnv?: string };

/**
 * `--token-env VAR`: the token for this one command comes from the named
 * environment variable, for cron and CI where no keychain can be unlocked.
 * The name is given, never the value, so it stays out of argument lists.
 */
export function tokenEnvOption(command: Command): Command {
  return command.option(
    '--token-env <VAR>',
    "use the robot's token from environment variable VAR for this command only (never stored or printed), " +
      'where no keychain can be unlocked (cron, CI)',
  );
}

/** Hands the variable's token to the core for this process; a missing or empty one is a usage error. */
export function useTokenFromEnv(core: AppCore, robotId: string, options: TokenEnvOptions): void {
  const name = options.tokenEnv;
  if (name === undefined) return;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    // Not repeated: what was typed may be the token itself.
    throw usageError(
      '--token-env: that is not a variable name; give the name of the variable (such as ROBOT_TOKEN), not the token.',
    );
  }
  const value = process.env[name];
  if (value === undefined || value.trim() === '') {
    const which = looksLikeAVariableName(name) ? `variable ${name} is` : 'variable it names is';
    throw usageError(
      `--token-env: the ${which} not set, or is empty. Export the robot's token in it first, then give the variable's name.`,
    );
  }
  core.useTokenForThisProcess(robotId, value);
}

/**
 * Whether a name that holds no value may be repeated in an error. A pasted
 * token can look like a variable name, so only names written the way
 * variables are (capitals and digits in words joined by `_`), short or with
 * a `_`, are: ROBOT_TOKEN and NOPE are named; a 32-character run of random
 * capitals and digits is not.
 */
export function looksLikeAVariableName(name: string): boolean {
  if (!/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(name) || name.length > 64) return false;
  return name.includes('_') ? !/[0-9]{4}/.test(name) : name.length <= 16;
}
