/** A step into JSON: an object's key or an array's index. */
export type PathSegment = string | number;

// RFC 9535: member-name-shorthand starts with ALPHA or "_" (or non-ASCII, left
// to the bracket form here to stay plain), then ALPHA, DIGIT or "_".
const shorthand = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A name in RFC 9535 single quotes: \' and \\ escaped, control characters as escapes. */
export function jsonPathQuote(name: string): string {
  let out = "'";
  for (const ch of name) {
    const code = ch.codePointAt(0)!;
    if (ch === "'") out += "\\'";
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20) out += '\\u' + code.toString(16).padStart(4, '0');
    else out += ch;
  }
  return out + "'";
}

/** A path as JSONPath (RFC 9535): `$.items[0]['a.b']`. */
export function jsonPath(segments: readonly PathSegment[]): string {
  let out = '$';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (shorthand.test(segment)) out += `.${segment}`;
    else out += `[${jsonPathQuote(segment)}]`;
  }
  return out;
}
