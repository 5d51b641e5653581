import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Warning } from '../../shared/models/warning.ts';
import type { AppError } from '../errors.ts';
import { readUserFileSync } from '../files/readUserFile.ts';
import { writeFileAtomicallySync } from '../files/atomicWrite.ts';

const WarningFile = z.object({ schemaVersion: z.literal(1), warnings: z.array(Warning) });

/**
 * Warnings (files set aside, records skipped, writes failing) for the window
 * and the CLI to show. With a file (warnings.json in the data folder) they
 * last until dismissed, so every command and the app show the same ones: a
 * damaged robots.json found by one command is still said by the next.
 */
export class WarningLog {
  readonly #items: Warning[] = [];
  readonly #now: () => number;
  readonly #file: string | undefined;
  readonly #listeners = new Set<(warning: Warning) => void>();
  /** A data folder that cannot be written: warnings are read and shown, never saved. */
  readonly #readOnly: AppError | undefined;

  constructor(now: () => number = Date.now, file?: string, readOnly?: AppError) {
    this.#now = now;
    this.#file = file;
    this.#readOnly = readOnly;
    if (file !== undefined) this.#items.push(...loadWarnings(file));
  }

  /** Adds a warning (the same source and message once only) and announces it. */
  add(source: string, message: string): Warning {
    const known = this.#items.find((w) => w.source === source && w.message === message);
    if (known !== undefined) return known;
    const warning = { id: randomUUID().slice(0, 8), source, message, at: this.#now() };
    this.#items.push(warning);
    this.#save();
    // A new warning is announced so the window shows it without asking.
    for (const listener of this.#listeners) listener(warning);
    return warning;
  }

  subscribe(listener: (warning: Warning) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  list(): Warning[] {
    return [...this.#items];
  }

  /** Forget one warning by id; false when there is none by that id. */
  dismiss(id: string): boolean {
    const i = this.#items.findIndex((w) => w.id === id);
    if (i < 0) return false;
    // Dismissed here only, it would come back with the next command.
    if (this.#readOnly !== undefined) throw this.#readOnly;
    this.#items.splice(i, 1);
    this.#save();
    return true;
  }

  #save(): void {
    if (this.#file === undefined || this.#readOnly !== undefined) return;
    const text = JSON.stringify({ schemaVersion: 1, warnings: this.#items }, null, 2) + '\n';
    try {
      writeFileAtomicallySync(this.#file, text, { mode: 0o600 });
    } catch {
      // A data folder we cannot write: the warnings still show in this process.
    }
  }
}

/** The warnings another run left; a file that cannot be read is no reason to stop. */
function loadWarnings(file: string): Warning[] {
  try {
    // Through the bounded reader: a pipe in its place would block this thread for good.
    const parsed = WarningFile.safeParse(
      JSON.parse(readUserFileSync(file, 16 * 1024 * 1024).toString('utf8')),
    );
    return parsed.success ? parsed.data.warnings : [];
  } catch {
    return [];
  }
}
