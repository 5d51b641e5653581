import { parseArgs } from 'node:util';
import type { SandboxOptions } from './sandbox.ts';
import { describeStartFailure, serveSandbox } from './serve.ts';
import { SandboxValidationError } from './validation.ts';

/**
 * `npm run sandbox -- --port 4780 --config robots.json`: runs the sandbox
 * until interrupted and prints the base URL and every robot's token.
 */
const USAGE = `Usage: npm run sandbox -- [options]
  --port <n>                 port to listen on (default 4780; 0 picks a free one)
  --host <addr>              address to bind (default 127.0.0.1)
  --config <file>            robots config file (JSON)
  --no-demo                  leave out the built-in demo robots
  --query-requires-token     the query endpoint also requires the robot's token
  --retention-ms <n>         how long a finished call's result is kept (default 3600000)
  --seed <n>                 seed the fault and wait randomness (reproducible runs), and derive
                             robot tokens from it, so they stay the same across restarts
  --help                     show this text`;

function integer(name: string, value: string | undefined, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? '' : ` from 0 to ${max}`;
    throw new SandboxValidationError(`--${name}: expected a whole number${range}, got "${value}"`);
  }
  return n;
}

/** Undefined for --help. Every mistake on the command line throws SandboxValidationError. */
function readOptions(): SandboxOptions | undefined {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '4780' },
        host: { type: 'string' },
        config: { type: 'string' },
        'no-demo': { type: 'boolean' },
        'query-requires-token': { type: 'boolean' },
        'retention-ms': { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    // parseArgs's own complaints (unknown option, stray argument, missing
    // value) are the user's mistake, not ours: one line, no stack. Some of
    // its messages span lines, so they are joined.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')) {
      throw new SandboxValidationError((error as Error).message.replace(/\s*\n\s*/g, ' '));
    }
    throw error;
  }
  if (values.help === true) return undefined;
  return {
    // Checked here: listen() would throw a RangeError with a stack for 70000.
    port: integer('port', values.port, 65_535),
    host: values.host,
    configFile: values.config,
    demoRobots: values['no-demo'] !== true,
    queryRequiresToken: values['query-requires-token'],
    retentionMs: integer('retention-ms', values['retention-ms']),
    seed: integer('seed', values.seed),
  };
}

async function main(): Promise<void> {
  const options = readOptions();
  if (options === undefined) {
    console.log(USAGE);
    return;
  }
  await serveSandbox(options);
}

main().catch((error: unknown) => {
  const failure = describeStartFailure(error);
  if (failure?.exitCode === 2) {
    console.error(`sandbox: ${failure.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (failure !== undefined) {
    console.error(`sandbox: ${failure.message}`);
    process.exit(failure.exitCode);
  }
  console.error('sandbox:', error);
  process.exit(1);
});
