import { problemWords, readUserFile, UserFileError } from '../core/files/readUserFile.ts';
import { SandboxConfigSchema, type ParsedSandboxConfig } from './schema.ts';
import { SandboxValidationError, parseWith } from './validation.ts';

/** A robots config is a few KiB; the sandbox holds it in memory. */
const CONFIG_LIMIT_BYTES = 16 * 1024 * 1024;

/** Reads and validates a robots config file; errors name the file and the field. */
export async function loadConfigFile(file: string): Promise<ParsedSandboxConfig> {
  let text: string;
  try {
    text = (await readUserFile(file, CONFIG_LIMIT_BYTES)).toString('utf8');
  } catch (error) {
    if (!(error instanceof UserFileError)) throw error;
    throw new SandboxValidationError(`cannot read config file ${file}: it ${problemWords(error.problem)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SandboxValidationError(`config file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  return parseWith(SandboxConfigSchema, json, `invalid config file ${file}`);
}
