/**
 * JSON Schema 2020-12 identifiers inside an OpenAPI 3.1 file. A schema may declare `$id` (a new base URI)
 * and `$anchor` (a plain-name fragment), and `$ref`s resolve against the nearest enclosing `$id`. The
 * bundler only knows files and JSON pointers, so before bundling we rewrite every `$ref` that names an
 * `$id` or `$anchor` of the same file into a plain document pointer.
 *
 * One leniency, reported as a warning: a `#/...` pointer inside an `$id` resource that does not exist in
 * that resource but does exist in the document is resolved against the document, which is what the author
 * of an OpenAPI file almost always meant.
 */
import type { Diagnostic } from './diagnostics.ts';
import { escapeSegment, getAtPointer, parsePointer, toPointer } from './pointer.ts';

interface Walked {
  node: Record<string, unknown>;
  pointer: string;
  base: string;
  resourcePointer: string;
}

export function resolveSchemaIds(value: unknown, fileUrl: string, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const resources = new Map<string, string>(); // absolute URI without fragment → pointer
  const anchors = new Map<string, string>(); // absolute URI#anchor → pointer
  const withRefs: Walked[] = [];
  let sawId = false;

  // `inProperties`: some segment of the pointer is `properties` (an `$id` there is a property's name).
  const walk = (node: unknown, pointer: string, inProperties: boolean, base: string, resourcePointer: string): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`, inProperties, base, resourcePointer));
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.$id === 'string' && !inProperties) {
      try {
        const url = new URL(record.$id, base);
        url.hash = '';
        base = url.href;
        resourcePointer = pointer;
        resources.set(base, pointer);
        sawId = true;
      } catch {
        diagnostics.push({ severity: 'warning', code: 'schema-id', file, pointer: pointer + '/$id', message: `ignored $id ${JSON.stringify(record.$id)}: not a URI reference` });
      }
    }
    if (typeof record.$anchor === 'string') {
      anchors.set(`${base}#${record.$anchor}`, pointer);
      sawId = true;
    }
    if (typeof record.$ref === 'string') withRefs.push({ node: record, pointer, base, resourcePointer });
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (child !== null && typeof child === 'object') walk(child, `${pointer}/${escapeSegment(key)}`, inProperties || key === 'properties', base, resourcePointer);
    }
  };
  walk(value, '', false, fileUrl, '');
  if (!sawId) return diagnostics;

  for (const { node, pointer, base, resourcePointer } of withRefs) {
    const ref = node.$ref as string;
    let target: URL;
    try {
      target = new URL(ref, base);
    } catch {
      continue;
    }
    const fragment = decodeURIComponent(target.hash.slice(1));
    target.hash = '';
    const resource = resources.get(target.href) ?? (target.href === fileUrl ? '' : undefined);
    if (resource === undefined) continue; // another file: the bundler's business
    let resolved: string | undefined;
    if (fragment === '' || fragment.startsWith('/')) {
      const candidate = resource + fragment;
      if (getAtPointer(value, candidate) !== undefined) resolved = candidate;
      else if (ref.startsWith('#') && resource !== '' && getAtPointer(value, fragment) !== undefined) {
        resolved = fragment;
        diagnostics.push({ severity: 'warning', code: 'schema-id', file, pointer: pointer + '/$ref', message: `$ref ${JSON.stringify(ref)} does not exist inside the enclosing $id resource (#${resourcePointer}); resolved against the document root` });
      }
    } else {
      resolved = anchors.get(`${target.href}#${fragment}`);
    }
    if (resolved !== undefined) node.$ref = '#' + toPointer(parsePointer(resolved)).replace(/%/g, '%25');
  }
  return diagnostics;
}
