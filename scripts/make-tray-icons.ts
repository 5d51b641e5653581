/**
 * Draws the tray icon's states from resources/tray-icon*.png: a badge for
 * "something waiting" (amber) and "last run failed" (red), and macOS template
 * images (black with alpha, which macOS tints for light and dark menu bars).
 * Run once after changing the base icon: npx node scripts/make-tray-icons.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';

type Image = { width: number; height: number; rgba: Buffer };

const dir = path.resolve(import.meta.dirname, '../resources');

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Only what our own icons are: 8-bit RGBA, not interlaced. */
function decode(file: string): Image {
  const png = readFileSync(file);
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[9] !== 6 || data[12] !== 0) throw new Error(`${file}: not 8-bit RGBA`);
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const rgba = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= 4 ? rgba[y * stride + x - 4]! : 0;
      const b = y > 0 ? rgba[(y - 1) * stride + x]! : 0;
      const c = x >= 4 && y > 0 ? rgba[(y - 1) * stride + x - 4]! : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter]!;
      rgba[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, rgba };
}

function encode(image: Image): Buffer {
  const stride = image.width * 4;
  const raw = Buffer.alloc((stride + 1) * image.height);
  for (let y = 0; y < image.height; y++)
    image.rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(image.width, 0);
  ihdr.writeUInt32BE(image.height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A dot in the bottom-right corner, with a transparent ring so it reads on any
 * panel. Template images cannot use colour, so there "waiting" is a hollow
 * ring and "failed" a filled dot.
 */
function withBadge(image: Image, color: [number, number, number], template: boolean, hollow = false): Image {
  const rgba = Buffer.from(image.rgba);
  const r = image.width * 0.28;
  const cx = image.width - r - 0.5;
  const cy = image.height - r - 0.5;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const d = Math.hypot(x - cx, y - cy);
      const i = (y * image.width + x) * 4;
      if (d <= r && hollow && d < r * 0.5) rgba[i + 3] = 0;
      else if (d <= r) rgba.set(template ? [0, 0, 0, 255] : [...color, 255], i);
      else if (d <= r + image.width / 16) rgba[i + 3] = 0;
    }
  }
  return { ...image, rgba };
}

/** Black with the icon's alpha; light details (the eyes) become holes. */
function asTemplate(image: Image): Image {
  const rgba = Buffer.alloc(image.rgba.length);
  for (let i = 0; i < rgba.length; i += 4) {
    const light = (image.rgba[i]! + image.rgba[i + 1]! + image.rgba[i + 2]!) / 3 > 200;
    rgba[i + 3] = light ? 0 : image.rgba[i + 3]!;
  }
  return { ...image, rgba };
}

for (const suffix of ['', '@2x']) {
  const base = decode(path.join(dir, `tray-icon${suffix}.png`));
  const template = asTemplate(base);
  const out = (name: string, image: Image) =>
    writeFileSync(path.join(dir, `${name}${suffix}.png`), encode(image));
  out('tray-waiting', withBadge(base, [245, 166, 35], false));
  out('tray-failed', withBadge(base, [220, 38, 38], false));
  out('tray-idleTemplate', template);
  out('tray-waitingTemplate', withBadge(template, [0, 0, 0], true, true));
  out('tray-failedTemplate', withBadge(template, [0, 0, 0], true));
}
