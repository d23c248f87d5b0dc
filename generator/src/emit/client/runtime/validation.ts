/**
 * The `validation` feature as the core's hook: request checks before the first attempt, success bodies
 * (and streamed items) after, when `options.validate` asks; the checker (validate.ts, and through it the
 * validators package) loaded on first use. `createClient` builds it from the validators loader;
 * `createCore` has it only when given `{ validation }`, so a bundle that does not pass it does not carry it.
 */
import type { Hook } from './core.js';
import type { Checker } from './validate.js';

export function validating(load: () => Promise<Checker>): Hook {
  let checks: Promise<Checker> | undefined;
  const checker = () => (checks ??= load());
  return {
    async ready(rt, p) {
      if (rt.options.validate?.request) (await checker()).request(p.op, p.args, p.payload, p.call.query);
    },
    async body(rt, p, res, data) {
      // Bytes, and bodies read another way than the default (`parseAs`), are not checked.
      const check = rt.options.validate?.response && data !== undefined && p.parseAs === undefined;
      if (res.ok && check && !(data instanceof Blob))
        (await checker()).response(p.op, res.status, res.headers.get('content-type'), data);
      return data;
    },
    async item(op, status, mediaType, item) {
      (await checker()).response(op, status, mediaType, item);
    },
  };
}
