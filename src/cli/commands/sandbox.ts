import { Command } from 'commander';
import { CliError } from '../cliError.ts';
import { integerParser, run } from '../command.ts';

type SandboxOptions = { port: number; host?: string; config?: string; demo: boolean; seed?: number };

export function sandboxCommand(): Command {
  return new Command('sandbox')
    .description('run the local simulator of the robot service in the foreground (Ctrl+C stops it)')
    .option('--port <N>', 'port to listen on; 0 picks a free one', integerParser(0, 65_535), 4780)
    .option('--host <ADDRESS>', 'address to bind (default 127.0.0.1; the admin API lists tokens)')
    .option('--config <FILE>', 'robots config file (JSON), see docs/sandbox.md')
    .option('--no-demo', 'leave out the built-in demo robots')
    .option(
      '--seed <N>',
      'reproducible faults and waits, and robot tokens derived from N: the same at every start, so tokens set once keep working',
      integerParser(0, Number.MAX_SAFE_INTEGER),
    )
    .action(run(serve));
}

async function serve(options: SandboxOptions): Promise<never> {
  const { describeStartFailure, serveSandbox } = await import('../../sandbox/serve.ts');
  try {
    await serveSandbox({
      port: options.port,
      host: options.host,
      configFile: options.config,
      demoRobots: options.demo,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
    });
  } catch (error) {
    const failure = describeStartFailure(error);
    if (failure === undefined) throw error;
    throw new CliError(failure.exitCode === 2 ? 'validation' : 'internal', `sandbox: ${failure.message}`);
  }
  // The sandbox runs until SIGINT or SIGTERM, whose handler exits the process.
  return new Promise<never>(() => undefined);
}
