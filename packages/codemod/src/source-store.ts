/**
 * Every file a run reads, with its text as on disk and its text with the edits planned so far, and one
 * typescript-estree parse per text. Nothing here writes to disk.
 */
import { readFileSync } from 'node:fs';
import { parseSource, type Program, type ProgramCache } from '@toolslim/core';

export class SourceStore {
  /** `programs`: the run's parsed programs, used for text as on disk (edited text is parsed here). */
  constructor(private readonly programs?: ProgramCache) {}

  private readonly original = new Map<string, string>();
  private readonly current = new Map<string, string>();
  private readonly parsed = new Map<string, { text: string; program: Program }>();

  /** The text as on disk (read once). Throws when the file cannot be read. */
  getOriginal(file: string): string {
    let text = this.original.get(file);
    if (text === undefined) {
      text = readFileSync(file, 'utf8');
      this.original.set(file, text);
    }
    return text;
  }

  /** Seed a file's text without reading the disk (jscodeshift hands the text over). */
  setOriginal(file: string, text: string): void {
    this.original.set(file, text);
  }

  getCurrent(file: string): string {
    return this.current.get(file) ?? this.getOriginal(file);
  }

  setCurrent(file: string, text: string): void {
    this.current.set(file, text);
  }

  resetCurrent(): void {
    this.current.clear();
  }

  /** Every file read so far (a plan file keeps their hashes, to know when the source changed). */
  findReadFiles(): string[] {
    return [...this.original.keys()];
  }

  /** Files whose planned text differs from the disk. */
  findChangedFiles(): string[] {
    return [...this.current].filter(([file, text]) => text !== this.getOriginal(file)).map(([file]) => file);
  }

  /**
   * The parse of the current text; throws what the parser throws. `fresh` parses again even when the
   * text is unchanged: core caches its analysis per program, and a file's tools also change when a
   * constant it imports was edited.
   */
  getProgram(file: string, fresh = false): Program {
    const text = this.getCurrent(file);
    const cached = this.parsed.get(file);
    if (cached && cached.text === text && !fresh) return cached.program;
    // The text as on disk, read before (by `report`): the same program, unless this reading must start afresh.
    const program = this.programs && !fresh && text === this.getOriginal(file) ? this.programs.get(text, file) : parseSource(text, file);
    this.parsed.set(file, { text, program });
    return program;
  }
}
