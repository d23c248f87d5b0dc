/**
 * The package files' renderings (README and LICENSE through their templates, package.json and
 * tsconfig.json through the JSON layout) kept across the runs of `generate --watch`, keyed by the exact
 * data each is rendered from: a rendering is a function of that data alone, so an equal key is the same
 * text. Their data rarely changes with an edit of the spec (a schema's description is in none of it), and
 * rendering a README is most of these files' cost.
 *
 * It holds what the last run used and what this run renders, nothing older: `nextRun` drops the rest.
 */
import { contentKey } from '../../content-key.ts';

export class RenderCache {
  private previous = new Map<string, unknown>();
  private current = new Map<string, unknown>();

  /** `render()`, or what it returned last for the same `kind` and `data` (data: content-key.ts). */
  rendered<T>(kind: string, data: unknown, render: () => T): T {
    const dataKey = contentKey(data);
    if (dataKey === undefined) return render();
    const key = `${kind}\u0000${dataKey}`;
    if (this.current.has(key)) return this.current.get(key) as T;
    const value = this.previous.has(key) ? (this.previous.get(key) as T) : render();
    this.current.set(key, value);
    return value;
  }

  /** A new run starts: what the run before last used is dropped. */
  nextRun(): void {
    this.previous = this.current;
    this.current = new Map();
  }
}
