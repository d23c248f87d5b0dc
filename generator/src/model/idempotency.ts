/**
 * Which header carries an operation's idempotency key, if any: the one the operation declares (a header
 * parameter named `Idempotency-Key`, the IETF draft's name, or the config's `idempotencyKey`), else the
 * config's name on operations whose method is not idempotent (POST, PATCH, an additional method such as
 * LOCK: the model's `idempotent` fact): many specs (Stripe's among them)
 * accept the header on every write without declaring it. Clients send a key there and may retry the write;
 * servers deduplicate by it.
 */
import type { ApiModel, OperationModel } from './types.ts';

/** The header name the IETF draft (draft-ietf-httpapi-idempotency-key-header) gives the key. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The header (as the spec or config spells it) of the operation's idempotency key, or undefined. */
export function idempotencyHeader(model: ApiModel, op: OperationModel): string | undefined {
  const names = [IDEMPOTENCY_KEY_HEADER, model.idempotencyKey].filter((n): n is string => !!n).map((n) => n.toLowerCase());
  const declared = op.parameters.find((p) => p.in === 'header' && names.includes(p.name.toLowerCase()));
  if (declared) return declared.name;
  return model.idempotencyKey && !op.idempotent ? model.idempotencyKey : undefined;
}
