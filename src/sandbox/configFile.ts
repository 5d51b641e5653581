import { readFile } from 'node:fs/promises';
import { SandboxConfigSchema, type ParsedSandboxConfig } from './schema.ts';
import { SandboxValidationError, parseWith } from './validation.ts';

/** Reads and validates a robots config file; errors name the file and the field. */
export async function loadConfigFile(file: string): Promise<ParsedSandboxConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new SandboxValidationError(`cannot read config file ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SandboxValidationError(`config file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  return parseWith(SandboxConfigSchema, json, `invalid config file ${file}`);
}
