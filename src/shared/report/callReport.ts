import type { CallDetail } from '../models/call.ts';
import { formatBytes } from '../bytes.ts';
import { callOutcome, stateLabel } from '../sentences/callOutcome.ts';
import { shownStatus } from '../sentences/statusText.ts';
import { timeFormats } from '../timeFormats.ts';
import { visibleText } from '../visibleText.ts';
import { grouped } from '../grouped.ts';
import { cutAt, indentedJsonStart } from './indentedJson.ts';

/** How much of a response (and of the arguments) a report shows, in characters: a ticket is not the place for 20 MB. */
export const REPORT_RESPONSE_CHARS = 4_000;

/** A line of a shown response or arguments longer than this is cut: one long string must not make the block unreadable. */
export const REPORT_LINE_CHARS = 400;

/** What a report reads of a call: the window's detail, or a saved call's record (no local id: it means nothing on the reader's desk). */
export type ReportedCall = Pick<
  CallDetail,
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
  | 'finishedAt'
  | 'timeline'
  | 'responseJson'
>;

export type ReportOptions = {
  /** The Robot Tray that made the report: its reader may need to know which. */
  appVersion: string;
  /** Characters of the response (and of the arguments) to show (REPORT_RESPONSE_CHARS). */
  responseChars?: number;
  /** The saved call file the call was read from, which holds the whole response. */
  savedFile?: string;
  /** The locale and time zone of its dates and times: the system's unless named (tests name them). */
  locale?: string;
  timeZone?: string;
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

/** "1.234 s", "2 min 5 s", "1 h 2 min": how long from firing to an entry. */
export function durationWords(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(3)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

type Times = ReturnType<typeof timeFormats>;

/**
 * Each state the call went through, once, at its time (with its day when
 * that is not the day it was fired) and how long after firing.
 */
function timelineLines(call: ReportedCall, times: Times): string[] {
  const entries = call.timeline.length > 0 ? call.timeline : [{ at: call.createdAt, state: call.state }];
  const firedOn = times.dayOf(call.createdAt);
  const lines: string[] = [];
  let previous: string | undefined;
  for (const entry of entries) {
    const what =
      stateLabel(entry.state) + (entry.note === undefined ? '' : `: ${markdownInline(entry.note)}`);
    if (what === previous) continue;
    previous = what;
    const when = times.dayOf(entry.at) === firedOn ? times.clockTime(entry.at) : times.dateTime(entry.at);
    const after = entry.at > call.createdAt ? ` (+${durationWords(entry.at - call.createdAt)})` : '';
    lines.push(`- ${when} ${what}${after}`);
  }
  return lines;
}

/**
 * JSON shown indented, at most `limit` characters and each line at most
 * REPORT_LINE_CHARS; `cut` says whether anything was left out.
 */
function shownJson(json: string, limit: number): { text: string; cut: boolean } {
  const start = indentedJsonStart(json, limit);
  const lines = start.text.split('\n');
  // A cut block ends at a whole line, unless that line is one long string, shown cut below.
  if (start.cut && lines.length > 1 && lines.at(-1)!.length <= REPORT_LINE_CHARS) lines.pop();
  let long = false;
  const shown = lines.map((line) => {
    if (line.length <= REPORT_LINE_CHARS) return line;
    long = true;
    return `${cutAt(line, REPORT_LINE_CHARS)}…`;
  });
  return { text: shown.join('\n'), cut: start.cut || long };
}

function responseSection(call: ReportedCall, options: ReportOptions): string[] {
  if (call.responseJson === undefined) return ['No response was received.'];
  const shown = shownJson(call.responseJson, options.responseChars ?? REPORT_RESPONSE_CHARS);
  if (!shown.cut) return [fencedBlock(shown.text, 'json')];
  const lines = shown.text.split('\n').length;
  const where =
    options.savedFile === undefined
      ? 'Save the call in Robot Tray ("Save call…") and attach the file for all of it.'
      : `All of it is in the saved call file ${markdownInline(options.savedFile)}.`;
  return [
    fencedBlock(shown.text, 'json'),
    '',
    `The response is cut here, after ${grouped(lines)} ${lines === 1 ? 'line' : 'lines'}: ` +
      `it is ${formatBytes(utf8Length(call.responseJson))} in all. ${where}`,
  ];
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * A short Markdown report of one call, for a ticket to the robot's author:
 * what was sent, where, what happened when, how it ended and what came
 * back. Everything in it comes from the call record, which never holds a
 * token (the response and error texts are redacted before they are stored);
 * no command with a token is shown.
 */
export function callReport(call: ReportedCall, options: ReportOptions): string {
  const times = timeFormats(options.locale, options.timeZone);
  const title = call.presetName === null ? call.robotName : `${call.robotName} · ${call.presetName}`;
  const state =
    call.rawStatus === null
      ? stateLabel(call.state)
      : `${stateLabel(call.state)} (the service said "${shownStatus(call.rawStatus)}")`;
  const zone = times.zoneOf(call.createdAt);
  const fields: Array<[string, string | null]> = [
    ['Robot', markdownInline(call.robotName)],
    ['Preset', call.presetName === null ? 'none (custom arguments)' : markdownInline(call.presetName)],
    ['Origin', call.origin === undefined ? null : markdownInline(call.origin)],
    // A robot at its origin's root has no base path: an empty line would read as missing data.
    ['Base path', call.basePath === undefined || call.basePath === '' ? null : markdownInline(call.basePath)],
    ['Request', `${call.method} ${call.url === null ? '(not sent)' : markdownInline(call.url)}`],
    ['webhookCallId', call.webhookCallId === null ? null : markdownInline(call.webhookCallId)],
    ['State', markdownInline(state)],
    ['Fired', `${times.dateTime(call.createdAt)} (${zone})`],
    ['Robot Tray', markdownInline(options.appVersion)],
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
  const args = shownJson(JSON.stringify(call.args), options.responseChars ?? REPORT_RESPONSE_CHARS);
  lines.push(
    '',
    '### Arguments sent',
    '',
    fencedBlock(args.text, 'json'),
    ...(args.cut ? ['', 'The arguments are cut here; the saved call holds all of them.'] : []),
    '',
    `### Timeline (${zone})`,
    '',
    ...timelineLines(call, times),
    '',
    '### Response',
    '',
    ...responseSection(call, options),
  );
  return lines.join('\n') + '\n';
}
