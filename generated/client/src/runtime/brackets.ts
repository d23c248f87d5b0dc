/** Copied by socialgen 0.1.0: the client runtime, identical for every spec. */
/**
 * `deepObject` values as bracket pairs, the convention the style comes from (Rails' and the npm `qs`
 * package's, which Stripe's own SDK sends): an object member `name[key]=value`, nested objects
 * `name[a][b]=value`, array items by index `name[0]=value` (also inside objects: `name[a][0]=value`, and
 * objects inside arrays: `name[0][key]=value`). OpenAPI defines `deepObject` for flat objects only; a
 * plain `name=value` for an array is read by Stripe's parser as a string, the indexed form as the list.
 * `undefined` and `null` members and items are left out (nothing is written for them), as are empty arrays
 * and objects. Used for `deepObject` query parameters (styles.ts) and form members (form-fields.ts).
 */

const nested = (v: unknown): v is object =>
  typeof v === 'object' && v !== null && !(v instanceof Date) && !(typeof Blob !== 'undefined' && v instanceof Blob);

/**
 * `[key, value]` pairs for `value` under `name` (already encoded): member names pass through `e`, values
 * through `text`; brackets are written as they are (as Stripe's SDK does; servers decode `%5B`/`%5D` alike).
 */
export function bracketPairs(
  name: string,
  value: unknown,
  e: (s: string) => string,
  text: (v: unknown) => string,
): [string, string][] {
  const out: [string, string][] = [];
  const walk = (key: string, v: unknown): void => {
    if (v === undefined || v === null) return;
    if (Array.isArray(v)) v.filter((x) => x !== undefined && x !== null).forEach((x, i) => walk(`${key}[${i}]`, x));
    else if (nested(v)) for (const [k, x] of Object.entries(v)) walk(`${key}[${e(k)}]`, x);
    else out.push([key, text(v)]);
  };
  walk(name, value);
  return out;
}
