/** Errors to show beside each field, and one for the form as a whole. */
export type FormErrors = { fields: Record<string, string>; form: string | null };

export const noErrors: FormErrors = { fields: {}, form: null };

function capitalize(text: string): string {
  return text === '' ? text : text[0]!.toUpperCase() + text.slice(1);
}

/**
 * Main's validation messages name the field first ("name: a robot named X
 * already exists; choose another name.", or from a malformed request
 * "Invalid createRobot request: baseUrl: must start with https:// or http://;
 * notes: ..."). Split such a message into sentences beside the fields the
 * form has; anything else stays one message for the whole form.
 */
export function splitFieldErrors(message: string, fields: readonly string[]): FormErrors {
  const body = message.replace(/^Invalid \w+ request: /, '').replace(/\.$/, '');
  const parts = body.split(/; (?=[\w.[\]]+: )/);
  const out: Record<string, string> = {};
  for (const part of parts) {
    const match = /^([\w.[\]]+): ([\s\S]+)$/.exec(part);
    const field = match?.[1]?.split(/[.[]/)[0];
    if (match === null || field === undefined || !fields.includes(field))
      return { fields: {}, form: message };
    const text = capitalize(match[2]!.trim());
    out[field] = out[field] === undefined ? text : `${out[field]} ${text}`;
  }
  for (const field of Object.keys(out)) if (!/[.!?]$/.test(out[field]!)) out[field] += '.';
  return { fields: out, form: null };
}

/** Issues of a zod parse, by top-level field, in plain words. */
export function zodFieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    if (out[field] !== undefined) continue;
    const text = capitalize(issue.message.replace(/^Invalid input: /, ''));
    out[field] = /[.!?]$/.test(text) ? text : `${text}.`;
  }
  return out;
}
