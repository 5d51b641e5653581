import { MAX_LINK_BYTES } from '../limits.ts';
import { PresetName } from '../models/preset.ts';
import { RobotName } from '../models/robot.ts';
import { visibleText } from '../visibleText.ts';
import { grouped } from '../grouped.ts';

/**
 * Links that open a ready run: `robot-tray://fire?robot=NAME&preset=NAME&customerId=123`.
 *
 * Robots and presets are named, not numbered: links are shared between desks,
 * where ids differ and names are what people agree on. Every other key is a
 * fill-in field of the preset. A field whose own name is `robot` or `preset`
 * (or starts with `field.`) is written `field.NAME=`; any field may be written
 * that way, and the same field given both ways is a duplicate, so each key
 * means one thing. Values are text, as typed in the preset's form; `+` reads as
 * a space, as in web forms. A link never carries a token: keys such as
 * `token`, `x-service-token` or `secret` are refused, and never written.
 */
export type FireLink = { robot: string; preset?: string; fields: Record<string, string> };

export type FireLinkResult = { ok: true; link: FireLink } | { ok: false; reason: string };
export type FireLinkText = { ok: true; text: string } | { ok: false; reason: string };

export const FIRE_LINK_START = 'robot-tray://fire';
export const FIELD_PREFIX = 'field.';
const RESERVED = new Set(['robot', 'preset']);
const MAX_FIELD_NAME = 100;

// C0/C1 controls, DEL, and the bidi marks, embeddings, overrides and isolates
// that make a name read differently from what it is.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Key names that would carry a credential, compared without case, `-`, `_`, `.` or spaces. */
const SECRET_KEYS = new Set([
  'token',
  'xservicetoken',
  'servicetoken',
  'accesstoken',
  'secret',
  'password',
  'passwd',
  'apikey',
  'authorization',
  'bearer',
]);

const refuse = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** A piece of the link quoted in a reason: short and with nothing that acts instead of showing. */
function quoted(text: string): string {
  const cut = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return `"${visibleText(cut)}"`;
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

function unsafeCharacter(text: string): string | undefined {
  const found = UNSAFE.exec(text);
  return found === null
    ? undefined
    : `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Whether a key (or field name) names a credential; links never carry one. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase().replace(/[-_. ]/g, ''));
}

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

function fieldNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'a field has no name';
  if (name.length > MAX_FIELD_NAME) return `a field name is longer than ${MAX_FIELD_NAME} characters`;
  if (name === '__proto__') return `${quoted(name)} is not a field name Robot Tray accepts`;
  return undefined;
}

function nameProblem(what: 'robot' | 'preset', value: string): string | undefined {
  const parsed = (what === 'robot' ? RobotName : PresetName).safeParse(value);
  return parsed.success ? undefined : `its ${what} name ${parsed.error.issues[0]?.message ?? 'is not valid'}`;
}

/**
 * Read a link as given by the system (argv, open-url) or pasted. Pure, and it
 * never throws: anything that is not exactly a Robot Tray fire link comes back
 * with the reason, in words that follow "This link cannot be opened: ".
 */
export function parseFireLink(text: unknown): FireLinkResult {
  if (typeof text !== 'string') return refuse('it is not text');
  // The length check comes first, so a huge input costs nothing more.
  const bytes = text.length > MAX_LINK_BYTES ? text.length : utf8Length(text);
  if (bytes > MAX_LINK_BYTES) {
    return refuse(
      `it is ${grouped(bytes)} bytes long; Robot Tray opens links of at most ${MAX_LINK_BYTES / 1024} KiB.`,
    );
  }
  // Pasted links often come with a space or newline around them.
  const link = text.trim();
  const rawUnsafe = unsafeCharacter(link);
  if (rawUnsafe !== undefined) return refuse(`it holds an invisible control character (${rawUnsafe}).`);
  if (!/^robot-tray:/i.test(link)) {
    return refuse(`it is not a Robot Tray link; those start with ${FIRE_LINK_START}?`);
  }
  const parts = /^robot-tray:\/\/([^/?#]*)\/?(?:\?([^#]*))?(#.*)?$/i.exec(link);
  if (parts === null) {
    return refuse(
      `Robot Tray links look like ${FIRE_LINK_START}?robot=NAME&preset=NAME, with nothing else after "fire".`,
    );
  }
  const [, host = '', query = '', fragment] = parts;
  if (host.toLowerCase() !== 'fire') {
    return refuse(
      `Robot Tray does not open ${quoted(`robot-tray://${host}`)} links, only ${FIRE_LINK_START}?…`,
    );
  }
  if (fragment !== undefined) return refuse('it has a "#" part, which Robot Tray links never have.');

  let robot: string | undefined;
  let preset: string | undefined;
  const fields = new Map<string, string>();
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq < 0) return refuse(`${quoted(part)} is not NAME=VALUE.`);
    const key = decode(part.slice(0, eq));
    const value = decode(part.slice(eq + 1));
    if (key === undefined || value === undefined) {
      return refuse(
        `${quoted(part)} has a broken %-escape (each % must be followed by two hex digits of UTF-8).`,
      );
    }
    const unsafe = unsafeCharacter(key) ?? unsafeCharacter(value);
    if (unsafe !== undefined)
      return refuse(`${quoted(key)} holds an invisible control character (${unsafe}).`);
    const isField = key.startsWith(FIELD_PREFIX);
    const name = isField ? key.slice(FIELD_PREFIX.length) : key;
    if (isSecretKey(key) || isSecretKey(name)) {
      return refuse(
        `it carries ${quoted(key)}; links never carry tokens or secrets (each person keeps their own token in Robot Tray).`,
      );
    }
    if (!isField && (name === 'robot' || name === 'preset')) {
      if ((name === 'robot' ? robot : preset) !== undefined) return refuse(`it names the ${name} twice.`);
      const trimmed = value.trim();
      const problem = nameProblem(name, trimmed);
      if (problem !== undefined) return refuse(`${problem}.`);
      if (name === 'robot') robot = trimmed;
      else preset = trimmed;
      continue;
    }
    const problem = fieldNameProblem(name);
    if (problem !== undefined) return refuse(`${problem}.`);
    if (fields.has(name)) return refuse(`it gives the field ${quoted(name)} twice.`);
    fields.set(name, value);
  }
  if (robot === undefined) return refuse('it names no robot (robot=NAME).');
  if (preset === undefined && fields.size > 0) {
    return refuse('it fills in fields but names no preset (preset=NAME).');
  }
  return {
    ok: true,
    link: { robot, ...(preset !== undefined ? { preset } : {}), fields: Object.fromEntries(fields) },
  };
}

/** `encodeURIComponent` leaves these alone; escaped too, so the link survives chats and shells. */
function encode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The link for a robot, a preset and field values; what parseFireLink reads
 * back as the same thing, or the reason it cannot be written (a secret key,
 * a name no robot could have, too long).
 */
export function formatFireLink(link: FireLink): FireLinkText {
  const pairs: string[] = [`robot=${encode(link.robot)}`];
  if (link.preset !== undefined) pairs.push(`preset=${encode(link.preset)}`);
  for (const [name, value] of Object.entries(link.fields)) {
    if (isSecretKey(name)) {
      return refuse(`the field ${quoted(name)} looks like a secret, and links never carry one.`);
    }
    const key = RESERVED.has(name) || name.startsWith(FIELD_PREFIX) ? `${FIELD_PREFIX}${name}` : name;
    pairs.push(`${encode(key)}=${encode(value)}`);
  }
  const text = `${FIRE_LINK_START}?${pairs.join('&')}`;
  // Written only if it reads back: one rule for what a link may hold.
  const back = parseFireLink(text);
  return back.ok ? { ok: true, text } : back;
}
