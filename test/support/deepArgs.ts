/**
 * Robot arguments nested `levels` deep ({"a":{"a":…{"a":1}}}: `levels`
 * objects), as a value and as JSON text, built without recursion.
 */
export function deepArgs(levels: number): Record<string, unknown> {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value as Record<string, unknown>;
}

export function deepArgsJson(levels: number): string {
  return '{"a":'.repeat(levels - 1) + '{"a":1}' + '}'.repeat(levels - 1);
}

/** The words every door uses for arguments `levels` deep. */
export function deepWords(levels: number): string {
  return `nests ${levels.toLocaleString('en-US')} levels deep; Robot Tray allows at most 100.`;
}
