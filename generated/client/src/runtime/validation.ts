/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * The `validation` feature: request checks before the first attempt, success bodies (and streamed items)
 * after, when `options.validate` asks; the checker (validate.ts, and through it the validators package)
 * loaded on first use. `createClient` builds it from the validators loader; `createCore` has it only when
 * given `{ validation }`, so a bundle that does not pass it does not carry it.
 */
import type { Validation } from './core.js';
import type { Checker } from './validate.js';

const asNumber = (_key: string, value: unknown) => (typeof value === 'bigint' ? Number(value) : value);

export function validating(load: () => Promise<Checker>): Validation {
  let checks: Promise<Checker> | undefined;
  const checker = () => (checks ??= load());
  const feature: Validation = Object.assign(
    ((next, rt) => async (op, args, call) => {
      const { validate } = rt.options;
      if (!validate?.request && !validate?.response) return next(op, args, call);
      // The body as sent: a JSON body as its JSON text (dates as strings), others as given.
      const body = args?.body;
      // `bigint`s (`int64: 'bigint'`) are checked as the nearest number: JSON.stringify throws on them.
      const payload = body !== undefined && /json/i.test(op.body ?? '') ? JSON.stringify(body, asNumber) : undefined;
      if (validate?.request) (await checker()).request(op, args, payload, call.query);
      const sent = await next(op, args, call);
      // Bytes, and bodies read another way than the default (`parseAs`), are not checked.
      const { data, response } = sent;
      if (validate?.response && data !== undefined && call.parseAs === undefined && !(data instanceof Blob))
        (await checker()).response(op, sent.status, response.headers.get('content-type'), data);
      return sent;
    }) as Validation,
    {
      async item(op: Parameters<Validation['item']>[0], status: number, mediaType: string, item: unknown) {
        (await checker()).response(op, status, mediaType, item);
      },
    },
  );
  return feature;
}
