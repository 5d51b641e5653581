import { writeFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';

/** Writes `value` as JSON the way the repository's Prettier check wants it. */
export async function writeFormattedJson(file: string, value: unknown): Promise<void> {
  const options = (await resolveConfig(file)) ?? {};
  await writeFile(file, await format(JSON.stringify(value), { ...options, filepath: file }));
}
