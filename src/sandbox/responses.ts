/**
 * What a "Respond to webhook" step returns, built from the call's arguments.
 * Pure functions: no I/O, no clock.
 */

export type Args = Record<string, unknown>;
export type RespondSpec = { echo?: boolean; pick?: string[]; constants?: Record<string, unknown> };

/**
 * Echo all arguments, then (if no echo) copy the picked ones, then add the
 * constants, which win over arguments of the same name. Own properties only,
 * so an argument named `__proto__` is data, never a prototype.
 */
export function buildResponse(args: Args, spec: RespondSpec): Record<string, unknown> {
  const entries: Array<[string, unknown]> = [];
  if (spec.echo === true) {
    entries.push(...Object.entries(args));
  } else {
    for (const name of spec.pick ?? []) {
      if (Object.hasOwn(args, name)) entries.push([name, args[name]]);
    }
  }
  entries.push(...Object.entries(spec.constants ?? {}));
  return Object.fromEntries(entries);
}

const generated = new Map<number, Record<string, unknown>>();
const FILLER = 'Robot Tray sandbox generated row for large-response testing. ';

/**
 * An object whose JSON is about `bytes` long (within a row, ~120 bytes):
 * rows of structured items, so clients meet a realistic large tree rather
 * than one huge string. Cached per size: every call of the large demo robot
 * shares one object (and, via the query cache, one serialized body).
 */
export function generatedObject(bytes: number): Record<string, unknown> {
  const cached = generated.get(bytes);
  if (cached !== undefined) return cached;
  const rows: Array<{ index: number; id: string; text: string }> = [];
  // `{"generatedBytes":N,"rows":[]}` plus a comma per row.
  let size = JSON.stringify({ generatedBytes: bytes, rows: [] }).length;
  for (let index = 0; size < bytes; index += 1) {
    const row = { index, id: `row-${String(index).padStart(7, '0')}`, text: FILLER };
    const rowSize = JSON.stringify(row).length + (index === 0 ? 0 : 1);
    if (size + rowSize > bytes) {
      // Shorten the last row's text to land close to the requested size.
      const room = bytes - size - (rowSize - FILLER.length);
      if (room > 0) rows.push({ ...row, text: FILLER.slice(0, room) });
      break;
    }
    rows.push(row);
    size += rowSize;
  }
  const value = { generatedBytes: bytes, rows };
  generated.set(bytes, value);
  return value;
}
