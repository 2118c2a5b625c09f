import type { MmdReadWarning } from './mmd-model';

/** Collects the problems tolerated while reading a model, each code once (the first wins). */
export class ReadWarnings {
  private readonly byCode = new Map<string, MmdReadWarning>();

  add(code: string, message: string): void {
    if (!this.byCode.has(code)) this.byCode.set(code, { code, message });
  }

  list(): MmdReadWarning[] {
    return [...this.byCode.values()];
  }
}
