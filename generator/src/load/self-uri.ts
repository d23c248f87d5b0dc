/**
 * OAS 3.2 `$self` (§4.1.2 "Relative References in API Description URIs", §4.8.1 `$self`): an OpenAPI document
 * may name its own URI, and that URI, not the place the file was read from, is the base its relative
 * references resolve against. The bundler only knows the files it reads, so before bundling every `$ref` of
 * a document with `$self` is rewritten to name a file by its real location:
 *
 * - a reference to the document itself (its `$self`, with or without a fragment) becomes internal (`#/...`);
 * - a reference to the `$self` of another document already read names that document's file;
 * - any other reference is looked up where it stands relative to the file as its URI stands relative to
 *   `$self` (a local copy of the API's tree): `$self: https://example.com/api/openapi` with
 *   `$ref: schemas/pet.yaml` is `schemas/pet.yaml` beside the file, whatever the file is called; a URI
 *   without that local file (`https://example.com/api/shared`, as `$self` URIs often are) is the file with
 *   `.yaml`, `.yml` or `.json` added, when one exists. The 3.2 text leaves the mapping from URIs to local
 *   documents to the implementation (§4.8.1.1): this is ours.
 *
 * A document read through that last rule whose own `$self` names another URI is reported (a warning): the
 * local tree does not mirror the URIs, and the reference may have reached the wrong file.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from './diagnostics.ts';
import { escapeSegment } from './pointer.ts';

/** The `$self` documents of one load: their URIs (fragment-less) and the URLs of their files. */
export class SelfUris {
  private readonly files = new Map<string, string>();
  /** File URL → the URI a reference expected it to have (mirror rule), for the check when it is read. */
  private readonly expected = new Map<string, { uri: string; file: string; pointer: string }>();

  /**
   * Records `value`'s `$self` (when it is an OpenAPI document with one) and rewrites its references. Returns
   * the document's base URI (its `$self`, else the file's URL: what `$id`s resolve against) and problems (an
   * unusable `$self`, a file whose `$self` is not the URI a reference resolved to).
   */
  rebase(value: unknown, fileUrl: string, file: string): { base: string; diagnostics: Diagnostic[] } {
    const diagnostics: Diagnostic[] = [];
    const unchanged = { base: fileUrl, diagnostics };
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return unchanged;
    const doc = value as Record<string, unknown>;
    // `$self` is a field of OAS 3.2's OpenAPI Object (earlier versions refuse it through their meta-schema).
    const self = typeof doc.$self === 'string' && typeof doc.openapi === 'string' && doc.openapi.startsWith('3.2') ? doc.$self : undefined;
    const wanted = this.expected.get(fileUrl);
    if (self === undefined) {
      // A file reached through a URI (a schema file, a document without `$self`) was retrieved, in the
      // spec's terms, from that URI: its own references resolve against it.
      if (!wanted || typeof doc.$id === 'string') return unchanged;
      const uri = new URL(wanted.uri);
      this.rewrite(doc, '', uri, fileUrl, file);
      return { base: uri.href, diagnostics };
    }
    let base: URL;
    try {
      base = new URL(self, fileUrl);
    } catch {
      diagnostics.push({ severity: 'error', code: 'self-uri', file, pointer: '/$self', message: `$self ${JSON.stringify(self)} is not a URI reference` });
      return unchanged;
    }
    base.hash = '';
    this.files.set(base.href, fileUrl);
    if (wanted && wanted.uri !== base.href) {
      diagnostics.push({
        severity: 'warning',
        code: 'self-uri',
        file: wanted.file,
        pointer: wanted.pointer,
        message: `$ref resolves to ${wanted.uri}, read from ${fileUrl.replace(/^file:\/\//, '')}, whose $self is ${base.href}`,
      });
    }
    if (base.href !== fileUrl) this.rewrite(doc, '', base, fileUrl, file);
    return { base: base.href, diagnostics };
  }

  private rewrite(node: unknown, pointer: string, base: URL, fileUrl: string, file: string): void {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => this.rewrite(item, `${pointer}/${i}`, base, fileUrl, file));
      return;
    }
    const record = node as Record<string, unknown>;
    // A schema's `$id` starts a resource of its own: its references are schema-ids.ts's.
    if (pointer !== '' && typeof record.$id === 'string') return;
    if (typeof record.$ref === 'string' && !record.$ref.startsWith('#')) record.$ref = this.localRef(record.$ref, base, fileUrl, file, pointer);
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (child !== null && typeof child === 'object') this.rewrite(child, `${pointer}/${escapeSegment(key)}`, base, fileUrl, file);
    }
  }

  private localRef(ref: string, base: URL, fileUrl: string, file: string, pointer: string): string {
    let target: URL;
    try {
      target = new URL(ref, base);
    } catch {
      return ref;
    }
    const fragment = target.hash;
    target.hash = '';
    if (target.href === base.href) return fragment || '#';
    const known = this.files.get(target.href);
    if (known) return relative(fileUrl, known) + fragment;
    // The mirror rule: the same path from the file as from `$self` (same scheme and host only).
    if (target.origin !== base.origin || target.protocol !== base.protocol) return ref;
    const mirrored = withExtension(new URL(path.posix.relative(path.posix.dirname(base.pathname), target.pathname) + target.search, fileUrl));
    if (!this.expected.has(mirrored.href)) this.expected.set(mirrored.href, { uri: target.href, file, pointer: `${pointer}/$ref` });
    return relative(fileUrl, mirrored.href) + fragment;
  }
}

/** A relative reference from one file URL to another (an absolute one across origins). */
function relative(from: string, to: string): string {
  const a = new URL(from);
  const b = new URL(to);
  if (a.origin !== b.origin || a.protocol !== b.protocol) return to;
  const rel = path.posix.relative(path.posix.dirname(a.pathname), b.pathname);
  return (rel === '' ? path.posix.basename(b.pathname) : rel) + b.search;
}

/** A local file URL as is when the file exists, else with the first of `.yaml`, `.yml`, `.json` that does. */
function withExtension(url: URL): URL {
  if (url.protocol !== 'file:' || existsSync(fileURLToPath(url))) return url;
  for (const extension of ['.yaml', '.yml', '.json']) {
    const candidate = new URL(url.href + extension);
    if (existsSync(fileURLToPath(candidate))) return candidate;
  }
  return url;
}
