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
  --seed <n>                 seed the fault and wait randomness (reproducible runs)
  --help                     show this text`;

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new SandboxValidationError(`--${name}: expected a whole number`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
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
  });
  if (values.help === true) {
    console.log(USAGE);
    return;
  }
  const options: SandboxOptions = {
    port: integer('port', values.port),
    host: values.host,
    configFile: values.config,
    demoRobots: values['no-demo'] !== true,
    queryRequiresToken: values['query-requires-token'],
    retentionMs: integer('retention-ms', values['retention-ms']),
    seed: integer('seed', values.seed),
  };
  await serveSandbox(options);
}

main().catch((error: unknown) => {
  const failure = describeStartFailure(error);
  if (failure?.exitCode === 2 || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error(`sandbox: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (failure !== undefined) {
    console.error(`sandbox: ${failure.message}`);
    process.exit(failure.exitCode);
  }
  console.error('sandbox:', error);
  process.exit(1);
});
