/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * Large integers as `bigint` (generated with `int64: 'bigint'`): JSON request bodies are written with their
 * `bigint`s as digits, JSON answers are read with the numbers at the operation's int64 positions as
 * `bigint`s, exactly (json64.ts). The generated entries of the operations that send or receive int64
 * integers take `encodeJson64` and `decodeInt64(...)`; only clients generated with `int64: 'bigint'` use it.
 * Path and query parameters need nothing: a `bigint` is written as `String(n)`, its digits.
 */
import { decodeBody, readingOf } from './body.js';
import type { BodyEncoder } from './form.js';
import { readJson, writeJson, type Int64Plan } from './json64.js';
import type { OperationSpec, ParseAs } from './types.js';

/** A JSON request body as JSON text, `bigint`s as their digits (`OperationSpec.encode`). */
export const encodeJson64: BodyEncoder = (op, body, _call, headers) => {
  headers['content-type'] ??= op.body!;
  return { body: /json/i.test(op.body!) ? (writeJson(body) ?? 'null') : (body as BodyInit) };
};

/** The reader of one operation's streamed items (`OperationSpec.readItem`): JSON with `bigint`s at the plan's positions. */
export function readInt64Item(
  schemas: Readonly<Record<string, Int64Plan>>,
  plan: Int64Plan,
): (text: string) => unknown {
  return (text) => readJson(text, plan, schemas);
}

/** The decoder of one operation (`OperationSpec.decode`), over the named schemas' int64 plans. */
export function decodeInt64(
  schemas: Readonly<Record<string, Int64Plan>>,
  plans: { ok?: Int64Plan; error?: Int64Plan },
  fallback: OperationSpec['decode'] = decodeBody,
): NonNullable<OperationSpec['decode']> {
  return async (op: OperationSpec, res: Response, parseAs: ParseAs | undefined) => {
    const plan = res.ok ? plans.ok : plans.error;
    const contentType = res.headers.get('content-type');
    // Anything but a JSON body read the default way is read as without int64.
    if (plan === undefined || (res.ok && parseAs) || readingOf(contentType) !== 'json')
      return fallback(op, res, parseAs);
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (!bytes.byteLength) return undefined;
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch (e) {
      if (res.ok) throw new TypeError(`the JSON body is not valid UTF-8 (${(e as Error).message})`);
      return new Blob([bytes], { type: contentType ?? '' });
    }
    try {
      return readJson(text, plan, schemas);
    } catch (e) {
      if (res.ok) throw e;
      return text;
    }
  };
}
