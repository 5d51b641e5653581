/**
 * The poll benchmark's chart, as an SVG docs/performance.md shows: on the left the
 * distribution of detection lag of each client (the share of runs seen done
 * within each lag, so the tail is where a line reaches the top), on the
 * right the status queries each sent. Light or dark with the reader's
 * colour scheme. Pure: the same clients give the same file.
 */
import { rankQuantile } from './lags.ts';

export type ChartClient = { label: string; queries: number; lagsSeconds: readonly number[] };

const W = 880;
const H = 400;
const TOP = 58;
const BOTTOM = 56;
/** The lag panel, then the query panel, in x. */
const LAG = { left: 62, right: 470 };
const BARS = { left: 640, right: 850 };
/** Points drawn per line: enough for a smooth curve, few enough for a small file. */
const POINTS = 160;

const STYLE = `
  .bg { fill: #ffffff; } .ink { fill: #111827; } .muted { fill: #6b7280; }
  .grid { stroke: #e5e7eb; } .axis { stroke: #6b7280; } .guide { stroke: #9ca3af; stroke-dasharray: 4 4; }
  .c0 { stroke: #9ca3af; fill: #9ca3af; } .c1 { stroke: #d97706; fill: #d97706; }
  .c2 { stroke: #7c3aed; fill: #7c3aed; } .c3 { stroke: #2563eb; fill: #2563eb; }
  @media (prefers-color-scheme: dark) {
    .bg { fill: #0d1117; } .ink { fill: #e6edf3; } .muted { fill: #9ca3af; }
    .grid { stroke: #30363d; } .axis { stroke: #8b949e; } .guide { stroke: #6e7681; }
    .c0 { stroke: #8b949e; fill: #8b949e; } .c1 { stroke: #f59e0b; fill: #f59e0b; }
    .c2 { stroke: #a78bfa; fill: #a78bfa; } .c3 { stroke: #60a5fa; fill: #60a5fa; }
  }`;

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const n = (v: number) => Number(v.toFixed(1)).toString();

/** A round step giving about `count` ticks from 0 to `max`. */
function tickStep(max: number, count: number): number {
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
}

/** The share of `sorted` at or below `x`. */
function shareWithin(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return sorted.length === 0 ? 0 : lo / sorted.length;
}

function lagPanel(clients: readonly ChartClient[]): string[] {
  // Far enough right to show every client's 99th percentile.
  const maxX = Math.max(0.5, ...clients.map((c) => rankQuantile(c.lagsSeconds, 0.995))) * 1.05;
  const x = (v: number) => LAG.left + (v / maxX) * (LAG.right - LAG.left);
  const y = (share: number) => H - BOTTOM - share * (H - TOP - BOTTOM);
  const parts: string[] = [];
  const step = tickStep(maxX, 6);
  for (let v = 0; v <= maxX; v += step) {
    parts.push(`<line class="grid" x1="${n(x(v))}" y1="${TOP}" x2="${n(x(v))}" y2="${H - BOTTOM}"/>`);
    parts.push(
      `<text class="muted" x="${n(x(v))}" y="${H - BOTTOM + 16}" text-anchor="middle">${Number(v.toPrecision(3))}</text>`,
    );
  }
  for (const share of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line class="grid" x1="${LAG.left}" y1="${n(y(share))}" x2="${LAG.right}" y2="${n(y(share))}"/>`,
    );
    parts.push(
      `<text class="muted" x="${LAG.left - 6}" y="${n(y(share) + 4)}" text-anchor="end">${share * 100} %</text>`,
    );
  }
  for (const [share, label] of [
    [0.5, 'median'],
    [0.99, '99 %'],
  ] as const) {
    parts.push(
      `<line class="guide" x1="${LAG.left}" y1="${n(y(share))}" x2="${LAG.right}" y2="${n(y(share))}"/>`,
    );
    parts.push(
      `<text class="muted" x="${LAG.right - 4}" y="${n(y(share) - 4)}" text-anchor="end">${label}</text>`,
    );
  }
  clients.forEach((client, i) => {
    const sorted = [...client.lagsSeconds].sort((a, b) => a - b);
    const points = Array.from({ length: POINTS + 1 }, (_, k) => (k / POINTS) * maxX).map(
      (v) => `${n(x(v))},${n(y(shareWithin(sorted, v)))}`,
    );
    parts.push(`<polyline class="c${i % 4}" fill="none" stroke-width="2" points="${points.join(' ')}"/>`);
  });
  parts.push(
    `<line class="axis" x1="${LAG.left}" y1="${H - BOTTOM}" x2="${LAG.right}" y2="${H - BOTTOM}"/>`,
    `<line class="axis" x1="${LAG.left}" y1="${TOP}" x2="${LAG.left}" y2="${H - BOTTOM}"/>`,
    `<text class="ink" x="${(LAG.left + LAG.right) / 2}" y="${H - BOTTOM + 34}" text-anchor="middle">detection lag, s (runs seen done within it; left and high is better)</text>`,
  );
  return parts;
}

function queryPanel(clients: readonly ChartClient[]): string[] {
  const max = Math.max(1, ...clients.map((c) => c.queries));
  const rowHeight = (H - TOP - BOTTOM) / clients.length;
  const parts: string[] = [];
  clients.forEach((client, i) => {
    const top = TOP + i * rowHeight;
    const width = (client.queries / max) * (BARS.right - BARS.left);
    parts.push(
      `<text class="ink" x="${BARS.left - 8}" y="${n(top + rowHeight / 2 + 4)}" text-anchor="end">${escape(client.label)}</text>`,
      `<rect class="c${i % 4}" x="${BARS.left}" y="${n(top + rowHeight * 0.25)}" width="${n(Math.max(1, width))}" height="${n(rowHeight * 0.5)}"/>`,
      `<text class="muted" x="${BARS.left + 4}" y="${n(top + rowHeight * 0.25 - 4)}">${client.queries.toLocaleString('en')}</text>`,
    );
  });
  parts.push(
    `<line class="axis" x1="${BARS.left}" y1="${TOP}" x2="${BARS.left}" y2="${H - BOTTOM}"/>`,
    `<text class="ink" x="${(BARS.left + BARS.right) / 2}" y="${H - BOTTOM + 34}" text-anchor="middle">status queries sent (fewer is better)</text>`,
  );
  return parts;
}

export function pollChart(clients: readonly ChartClient[], caption: string): string {
  const legend = clients.map(
    (client, i) =>
      `<rect class="c${i % 4}" x="${LAG.left + i * 130}" y="${H - 14}" width="14" height="4"/>` +
      `<text class="muted" x="${LAG.left + i * 130 + 18}" y="${H - 9}">${escape(client.label)}</text>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12">`,
    `<style>${STYLE}\n</style>`,
    `<rect class="bg" width="${W}" height="${H}"/>`,
    // A long caption's setting goes on a second, smaller line, so it fits the width.
    ...captionLines(caption).map(
      (line, i) =>
        `<text class="ink" x="${LAG.left}" y="${18 + i * 15}" font-size="${i === 0 ? 14 : 11}"${i === 0 ? ' font-weight="600"' : ''}>${escape(line)}</text>`,
    ),
    ...lagPanel(clients),
    ...queryPanel(clients),
    ...legend,
    '</svg>',
    '',
  ].join('\n');
}

/** "Title: setting" as two lines; a caption without a colon stays one. */
function captionLines(caption: string): string[] {
  const at = caption.indexOf(': ');
  return at < 0 ? [caption] : [caption.slice(0, at), caption.slice(at + 2)];
}
