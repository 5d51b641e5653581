/**
 * The start of a JSON text indented by two spaces, read as far as `limit`
 * characters of output need and no further: a report shows the first
 * lines of a 20 MB response laid out like a small one, without parsing (or
 * even reading) the rest. Keys, strings and numbers keep the characters the
 * robot sent. `cut` says whether anything was left out.
 */
export function indentedJsonStart(json: string, limit: number): { text: string; cut: boolean } {
  let out = '';
  let depth = 0;
  let i = 0;
  const newline = () => '\n' + '  '.repeat(depth);
  while (i < json.length && out.length < limit) {
    const ch = json[i]!;
    if (ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t') {
      i++;
    } else if (ch === '"') {
      const end = stringEnd(json, i);
      // A long string adds no more than the output still has room for.
      out += json.slice(i, Math.min(end, i + limit - out.length + 1));
      i = end;
    } else if (ch === '{' || ch === '[') {
      const next = skipSpace(json, i + 1);
      if (json[next] === (ch === '{' ? '}' : ']')) {
        out += ch === '{' ? '{}' : '[]';
        i = next + 1;
      } else {
        depth++;
        out += ch + newline();
        i++;
      }
    } else if (ch === '}' || ch === ']') {
      depth = Math.max(0, depth - 1);
      out += newline() + ch;
      i++;
    } else if (ch === ',') {
      out += ',' + newline();
      i++;
    } else if (ch === ':') {
      out += ': ';
      i++;
    } else {
      // A number, true, false or null: up to the next structural character or space.
      let end = i + 1;
      while (end < json.length && !/[\s,:{}[\]"]/.test(json[end]!)) end++;
      out += json.slice(i, end);
      i = end;
    }
  }
  const rest = skipSpace(json, i) < json.length;
  if (out.length <= limit && !rest) return { text: out, cut: false };
  return { text: cutAt(out, limit), cut: true };
}

/** The index just past the string that opens at `start` (the text's end if it never closes). */
function stringEnd(json: string, start: number): number {
  let i = start + 1;
  while (i < json.length) {
    const ch = json[i]!;
    if (ch === '\\') i += 2;
    else if (ch === '"') return i + 1;
    else i++;
  }
  return json.length;
}

function skipSpace(json: string, i: number): number {
  while (i < json.length && /\s/.test(json[i]!)) i++;
  return i;
}

/** Cut at `limit` characters without splitting a surrogate pair. */
export function cutAt(text: string, limit: number): string {
  const end = limit > 0 && /[\ud800-\udbff]/.test(text.charAt(limit - 1)) ? limit - 1 : limit;
  return text.slice(0, end);
}
