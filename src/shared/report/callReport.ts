import type { CallDetail } from '../models/call.ts';
import { parseKeepingNumbers } from '../exactNumbers.ts';
import { formatBytes } from '../bytes.ts';
import { callOutcome, stateLabel } from '../sentences/callOutcome.ts';
import { shownStatus } from '../sentences/statusText.ts';
import { visibleText } from '../visibleText.ts';

/** How much of a response a report shows, in characters: a ticket is not the place for 20 MB. */
export const REPORT_RESPONSE_CHARS = 4_000;

/** Responses larger than this are shown as sent (one line) rather than parsed to be indented. */
const PRETTY_LIMIT = 256 * 1024;

/** What a report reads of a call: the window's detail, or a saved call's record. */
export type ReportedCall = Pick<
  CallDetail,
  | 'id'
  | 'robotName'
  | 'presetName'
  | 'method'
  | 'args'
  | 'state'
  | 'webhookCallId'
  | 'url'
  | 'origin'
  | 'basePath'
  | 'rawStatus'
  | 'warning'
  | 'error'
  | 'createdAt'
  | 'sentAt'
  | 'acceptedAt'
  | 'finishedAt'
  | 'timeline'
  | 'responseJson'
>;

export type ReportOptions = {
  /** Characters of the response to show (REPORT_RESPONSE_CHARS). */
  responseChars?: number;
  /** Said where the whole response can be had; defaults to `robot-tray call show ID --output FILE`. */
  wholeResponseHint?: string;
};

/**
 * Text from the call or the service inside a line of Markdown: control and
 * bidi characters shown escaped (the visible-text rule), and the characters
 * Markdown acts on inline (emphasis, code spans, links, HTML, tables)
 * escaped with a backslash, so a robot named `*[x](y)*` reads as it is
 * (with its brackets escaped no link can form, so parentheses stay plain;
 * a line never starts with the text, so `#` and `-` need nothing).
 */
export function markdownInline(text: string): string {
  // Escaped first: the escapes visibleText writes (`\u202e`) must stay one backslash.
  return visibleText(text.replace(/[\\`*_[\]<>|~]/g, (ch) => `\\${ch}`));
}

/**
 * A fenced block that its content cannot close: the fence is one backtick
 * longer than the longest run of backticks inside (CommonMark closes a fence
 * only with a run at least as long as the one that opened it).
 */
export function fencedBlock(content: string, language = ''): string {
  const safe = visibleText(content, { keepNewlines: true });
  const longest = Math.max(0, ...Array.from(safe.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${safe}\n${fence}`;
}

/** UTC, to the millisecond: the author may be in another time zone. */
function utc(ms: number): string {
  return new Date(ms).toISOString();
}

/** "1.234 s", "2 min 5 s", "1 h 2 min": how long from firing to the end. */
export function durationWords(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(3)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** The response indented when it is small enough to parse cheaply, numbers as the robot sent them. */
function responseShown(json: string): string {
  if (json.length > PRETTY_LIMIT) return json;
  try {
    return JSON.stringify(parseKeepingNumbers(json), null, 2);
  } catch {
    return json;
  }
}

/** Cut at `limit` characters without splitting a surrogate pair. */
function cutAt(text: string, limit: number): string {
  const end = limit > 0 && /[\ud800-\udbff]/.test(text.charAt(limit - 1)) ? limit - 1 : limit;
  return text.slice(0, end);
}

function timelineLines(call: ReportedCall): string[] {
  const lines: Array<[number, string]> = [[call.createdAt, 'fired']];
  if (call.sentAt !== null && call.sentAt !== call.createdAt) lines.push([call.sentAt, 'sent']);
  if (call.acceptedAt !== null) lines.push([call.acceptedAt, 'accepted']);
  for (const entry of call.timeline) {
    const note = entry.note === undefined ? '' : `: ${markdownInline(entry.note)}`;
    lines.push([entry.at, `${stateLabel(entry.state).toLowerCase()}${note}`]);
  }
  if (call.finishedAt !== null) {
    lines.push([call.finishedAt, `finished (after ${durationWords(call.finishedAt - call.createdAt)})`]);
  }
  // In time order; entries at the same moment keep the order above (fired before sending).
  return lines.sort((a, b) => a[0] - b[0]).map(([at, what]) => `- ${utc(at)} ${what}`);
}

function responseSection(call: ReportedCall, options: ReportOptions): string[] {
  if (call.responseJson === undefined) return ['No response was received.'];
  const limit = options.responseChars ?? REPORT_RESPONSE_CHARS;
  const whole = responseShown(call.responseJson);
  if (whole.length <= limit) return [fencedBlock(whole, 'json')];
  const shown = cutAt(whole, limit);
  const hint = options.wholeResponseHint ?? `robot-tray call show ${call.id} --output FILE`;
  return [
    fencedBlock(shown, 'json'),
    '',
    `The response is cut here: ${(whole.length - shown.length).toLocaleString('en-US')} more characters ` +
      `were left out (${formatBytes(utf8Length(call.responseJson))} in all). ` +
      `Get all of it with \`${hint.replace(/`/g, "'")}\`.`,
  ];
}

/**
 * A short Markdown report of one call, for a ticket to the robot's author:
 * what was sent, where, what happened when, how it ended and what came
 * back. Everything in it comes from the call record, which never holds a
 * token (the response and error texts are redacted before they are stored);
 * no command with a token is shown.
 */
export function callReport(call: ReportedCall, options: ReportOptions = {}): string {
  const title = call.presetName === null ? call.robotName : `${call.robotName} · ${call.presetName}`;
  const state =
    call.rawStatus === null
      ? stateLabel(call.state)
      : `${stateLabel(call.state)} (the service said "${shownStatus(call.rawStatus)}")`;
  const fields: Array<[string, string | null]> = [
    ['Robot', markdownInline(call.robotName)],
    ['Preset', call.presetName === null ? 'none (custom arguments)' : markdownInline(call.presetName)],
    ['Origin', call.origin === undefined ? null : markdownInline(call.origin)],
    // A robot at its origin's root has no base path: an empty line would read as missing data.
    ['Base path', call.basePath === undefined || call.basePath === '' ? null : markdownInline(call.basePath)],
    ['Request', `${call.method} ${call.url === null ? '(not sent)' : markdownInline(call.url)}`],
    ['webhookCallId', call.webhookCallId === null ? null : markdownInline(call.webhookCallId)],
    ['State', markdownInline(state)],
    ['Call', markdownInline(call.id)],
  ];
  const lines = [
    `## Robot Tray call: ${markdownInline(title)}`,
    '',
    ...fields.filter((f): f is [string, string] => f[1] !== null).map(([k, v]) => `- **${k}:** ${v}`),
    '',
    `**Outcome:** ${markdownInline(callOutcome(call))}`,
  ];
  if (call.error !== null && !callOutcome(call).includes(call.error.message)) {
    lines.push('', `**Error:** ${markdownInline(call.error.message)}`);
  }
  if (call.warning !== null && call.state !== 'done') {
    lines.push('', `**Warning:** ${markdownInline(call.warning)}`);
  }
  lines.push(
    '',
    '### Arguments sent',
    '',
    fencedBlock(JSON.stringify(call.args, null, 2), 'json'),
    '',
    '### Timeline (UTC)',
    '',
    ...timelineLines(call),
    '',
    '### Response',
    '',
    ...responseSection(call, options),
  );
  return lines.join('\n') + '\n';
}
