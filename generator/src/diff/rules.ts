/**
 * The rule catalog: every rule id the diff can report, with its level and what it means. Two kinds:
 *
 * - explicit rules (endpoints, parameters, bodies, responses, headers, security, document), one entry each;
 * - schema facets, which apply wherever a schema is compared and get a prefix from where the schema sits:
 *   `request-parameter-`, `request-body-`, `request-property-`, `response-body-`, `response-property-`,
 *   `response-header-`. A facet has one level for what the client sends (request) and one for what it
 *   receives (response): narrowing breaks requests, widening breaks responses.
 *
 * docs/diff.md is checked against this file by a test, and every rule is exercised by a fixture.
 */
import type { Direction, Level } from './types.ts';

export type Category = 'endpoint' | 'parameter' | 'request-body' | 'response' | 'response-header' | 'property' | 'schema' | 'security' | 'document';

export interface RuleDef {
  id: string;
  level: Level;
  category: Category;
  /** One line for docs/diff.md. */
  description: string;
  /** True when the change alters a generated signature or type (client method, handler, type); false for docs-only or runtime-only changes. */
  signature: boolean;
}

const B: Level = 'breaking';
const W: Level = 'warning';
const I: Level = 'info';

type Explicit = [id: string, level: Level, category: Category, description: string, signature?: boolean];

const EXPLICIT: Explicit[] = [
  // endpoints
  ['endpoint-added', I, 'endpoint', 'a new operation (method + path)'],
  ['endpoint-removed', B, 'endpoint', 'an operation was removed without being deprecated first'],
  ['endpoint-removed-before-sunset', B, 'endpoint', 'a deprecated operation was removed before its `x-sunset` date (or it had none)'],
  ['endpoint-removed-after-sunset', I, 'endpoint', 'a deprecated operation was removed after its `x-sunset` date'],
  ['endpoint-moved', B, 'endpoint', 'an operation (same operationId) now has a different method or path'],
  ['endpoint-deprecated', I, 'endpoint', 'an operation became deprecated', false],
  ['endpoint-reactivated', I, 'endpoint', 'an operation is no longer deprecated', false],
  ['endpoint-sunset-moved-earlier', B, 'endpoint', 'the `x-sunset` date of an operation moved earlier', false],
  ['endpoint-sunset-moved-later', I, 'endpoint', 'the `x-sunset` date of an operation moved later', false],
  ['endpoint-sunset-invalid', W, 'endpoint', 'a deprecated operation has an `x-sunset` that is not an RFC 3339 date', false],
  ['endpoint-operation-id-changed', W, 'endpoint', 'the operationId changed: the HTTP contract is the same, the generated client method is renamed'],
  ['endpoint-stability-decreased', B, 'endpoint', '`x-stability-level` went down (stable → beta → alpha → draft)', false],
  ['endpoint-stability-increased', I, 'endpoint', '`x-stability-level` went up', false],
  ['endpoint-tag-added', I, 'endpoint', 'a tag was added to an operation', false],
  ['endpoint-tag-removed', I, 'endpoint', 'a tag was removed from an operation', false],
  ['endpoint-pagination-changed', W, 'endpoint', '`x-pagination` changed: the generated paginator follows a different token or items pointer'],
  ['endpoint-streaming-changed', W, 'endpoint', '`x-streaming` changed: the generated stream reader changes'],
  // webhooks (3.1): requests the API sends to subscribers; no generated code, so no signature changes
  ['webhook-added', I, 'endpoint', 'a webhook (3.1 `webhooks`) was added', false],
  ['webhook-removed', B, 'endpoint', 'a webhook was removed: subscribers no longer receive its events', false],
  ['webhook-operation-added', I, 'endpoint', 'a webhook gained a method', false],
  ['webhook-operation-removed', B, 'endpoint', 'a webhook lost a method: subscribers no longer receive those requests', false],
  // parameters
  ['new-required-request-parameter', B, 'parameter', 'a new required parameter: existing calls do not send it'],
  ['new-optional-request-parameter', I, 'parameter', 'a new optional parameter'],
  ['request-parameter-removed', B, 'parameter', 'a parameter was removed without being deprecated first'],
  ['request-parameter-removed-before-sunset', B, 'parameter', 'a deprecated parameter was removed before its `x-sunset` date (or it had none)'],
  ['request-parameter-removed-after-sunset', I, 'parameter', 'a deprecated parameter was removed after its `x-sunset` date'],
  ['request-parameter-location-changed', B, 'parameter', 'a parameter moved to another location (e.g. query → header)'],
  ['request-path-parameter-renamed', W, 'parameter', 'a path parameter was renamed: the URL is the same, the generated path-parameter key changes'],
  ['request-parameter-became-required', B, 'parameter', 'an optional parameter became required'],
  ['request-parameter-became-optional', I, 'parameter', 'a required parameter became optional'],
  ['request-parameter-deprecated', I, 'parameter', 'a parameter became deprecated', false],
  ['request-parameter-reactivated', I, 'parameter', 'a parameter is no longer deprecated', false],
  ['request-parameter-sunset-moved-earlier', B, 'parameter', 'the `x-sunset` date of a parameter moved earlier', false],
  ['request-parameter-style-changed', B, 'parameter', 'the serialization style changed (e.g. form → pipeDelimited): the same value is sent differently'],
  ['request-parameter-explode-changed', B, 'parameter', '`explode` changed: arrays and objects are sent differently'],
  ['request-parameter-allow-reserved-changed', W, 'parameter', '`allowReserved` changed: reserved characters are (or are no longer) percent-encoded', false],
  ['request-parameter-allow-empty-value-removed', B, 'parameter', '`allowEmptyValue` was removed: an empty value is no longer accepted', false],
  ['request-parameter-content-changed', B, 'parameter', 'the parameter switched between `schema` and `content`, or its content media type changed'],
  ['request-parameter-querystring-changed', B, 'parameter', 'the parameter switched between `in: query` (one pair) and OAS 3.2 `in: querystring` (the whole query string)'],
  // request body
  ['request-body-added-required', B, 'request-body', 'a required request body was added'],
  ['request-body-added-optional', I, 'request-body', 'an optional request body was added'],
  ['request-body-removed', B, 'request-body', 'the request body was removed: the generated method no longer takes one'],
  ['request-body-became-required', B, 'request-body', 'the request body became required'],
  ['request-body-became-optional', I, 'request-body', 'the request body became optional'],
  ['request-body-media-type-added', I, 'request-body', 'the request body accepts a new media type'],
  ['request-body-media-type-removed', B, 'request-body', 'the request body no longer accepts a media type'],
  // request/response properties
  ['new-required-request-property', B, 'property', 'a new required property in what the client sends'],
  ['new-optional-request-property', I, 'property', 'a new optional property in what the client sends'],
  ['property-moved-within-all-of', I, 'property', 'a property moved between the `allOf` members of a schema: the schema is unchanged, the component it left or joined (its generated type) changes'],
  ['request-property-removed', W, 'property', 'a property the client sends was removed: the server may ignore or reject it'],
  ['request-property-removed-before-sunset', W, 'property', 'a deprecated request property was removed before its `x-sunset` date (or it had none)'],
  ['request-property-removed-after-sunset', I, 'property', 'a deprecated request property was removed after its `x-sunset` date'],
  ['request-property-became-required', B, 'property', 'an optional request property became required'],
  ['request-property-became-optional', I, 'property', 'a required request property became optional'],
  ['request-property-became-read-only', W, 'property', 'a request property became `readOnly`: clients should stop sending it'],
  ['request-property-became-not-read-only', I, 'property', 'a `readOnly` property can now be sent'],
  ['response-required-property-added', I, 'property', 'a new required property in what the client receives'],
  ['response-optional-property-added', I, 'property', 'a new optional property in what the client receives'],
  ['response-property-removed', B, 'property', 'a response property was removed without being deprecated first'],
  ['response-property-removed-before-sunset', B, 'property', 'a deprecated response property was removed before its `x-sunset` date (or it had none)'],
  ['response-property-removed-after-sunset', I, 'property', 'a deprecated response property was removed after its `x-sunset` date'],
  ['response-property-became-optional', B, 'property', 'a required response property became optional: clients relying on it get `undefined`'],
  ['response-property-became-required', I, 'property', 'an optional response property became required'],
  ['response-property-became-write-only', B, 'property', 'a response property became `writeOnly`: it is no longer returned'],
  ['response-property-became-not-write-only', I, 'property', 'a `writeOnly` property is now returned'],
  // responses
  ['response-success-status-added', I, 'response', 'a new 2XX status'],
  ['response-non-success-status-added', I, 'response', 'a new non-2XX status (or `default`)'],
  ['response-success-status-removed', B, 'response', 'a 2XX status was removed'],
  ['response-non-success-status-removed', I, 'response', 'a non-2XX status (or `default`) was removed'],
  ['response-media-type-added', I, 'response', 'a response has a new media type'],
  ['response-media-type-removed', B, 'response', 'a response media type was removed'],
  // response headers
  ['response-required-header-added', I, 'response-header', 'a new required response header'],
  ['response-optional-header-added', I, 'response-header', 'a new optional response header'],
  ['response-required-header-removed', B, 'response-header', 'a required response header was removed'],
  ['response-optional-header-removed', W, 'response-header', 'an optional response header was removed'],
  ['response-header-became-optional', B, 'response-header', 'a required response header became optional'],
  ['response-header-became-required', I, 'response-header', 'an optional response header became required'],
  ['response-header-deprecated', I, 'response-header', 'a response header became deprecated', false],
  // security
  ['api-security-added', B, 'security', 'authentication became required, or a scheme was added to a requirement (AND)', false],
  ['api-security-removed', I, 'security', 'authentication became optional, or a scheme was dropped from a requirement', false],
  ['api-security-alternative-added', I, 'security', 'a new way to authenticate (an OR alternative)', false],
  ['api-security-alternative-removed', B, 'security', 'a way to authenticate was removed (an OR alternative)', false],
  ['api-security-scope-added', B, 'security', 'an OAuth scope became required', false],
  ['api-security-scope-removed', I, 'security', 'an OAuth scope is no longer required', false],
  ['security-scheme-added', I, 'security', 'a security scheme was added', false],
  ['security-scheme-removed', B, 'security', 'a security scheme some operation required was removed', false],
  ['security-scheme-removed-unused', I, 'security', 'a security scheme no operation required was removed', false],
  ['security-scheme-renamed', I, 'security', 'a security scheme was renamed without changing its definition', false],
  ['security-scheme-type-changed', B, 'security', 'a security scheme changed type (e.g. apiKey → oauth2)', false],
  ['security-scheme-http-scheme-changed', B, 'security', 'an http security scheme changed (e.g. bearer → basic)', false],
  ['security-scheme-api-key-changed', B, 'security', 'an apiKey scheme moved (`in`) or renamed its parameter', false],
  ['security-scheme-bearer-format-changed', I, 'security', '`bearerFormat` changed', false],
  ['security-scheme-oauth-flow-added', I, 'security', 'an OAuth flow was added', false],
  ['security-scheme-oauth-flow-removed', B, 'security', 'an OAuth flow was removed', false],
  ['security-scheme-oauth-url-changed', W, 'security', 'an OAuth authorization, device authorization, token or refresh URL changed', false],
  ['security-scheme-oauth-metadata-url-changed', W, 'security', 'the OAuth authorization server metadata URL (OAS 3.2 `oauth2MetadataUrl`) changed, set or removed', false],
  ['security-scheme-deprecated', W, 'security', 'a security scheme became deprecated (OAS 3.2 `deprecated: true`): clients should move to another', false],
  ['security-scheme-oauth-scope-added', I, 'security', 'an OAuth scope was defined', false],
  ['security-scheme-oauth-scope-removed', W, 'security', 'an OAuth scope definition was removed', false],
  ['security-scheme-openid-url-changed', W, 'security', 'the OpenID Connect discovery URL changed', false],
  // document
  ['server-added', I, 'document', 'a server URL was added', false],
  ['server-removed', W, 'document', 'a server URL was removed: clients configured with it break', false],
  ['server-variable-changed', W, 'document', 'a server variable changed its default or lost enum values', false],
  ['schema-added', I, 'document', 'a component schema was added (a new generated type)'],
  ['schema-removed', I, 'document', 'a component schema was removed (a generated type disappears)'],
  ['schema-renamed', I, 'document', 'a component schema was renamed without changing its shape (the generated type is renamed)'],
  ['schema-changed', I, 'document', 'a component schema no operation uses changed (its generated type changes)'],
  ['limit-added', I, 'document', 'an `x-limits` entry was added'],
  ['limit-removed', I, 'document', 'an `x-limits` entry was removed'],
  ['limit-decreased', W, 'document', 'an `x-limits` value decreased'],
  ['limit-increased', I, 'document', 'an `x-limits` value increased'],
  ['limit-bound-changed', W, 'document', 'an `x-limits` entry binds another way (a cap became a floor, a range, or none, or the reverse): the generated constant means something else'],
  ['openapi-version-changed', I, 'document', 'the `openapi` version changed (e.g. 3.0.3 → 3.1.0)', false],
];

/** A schema facet: [facet, level in requests, level in responses, description, signature?]. */
type FacetDef = [facet: string, request: Level, response: Level, description: string, signature?: boolean];

const BOUNDS: FacetDef[] = [];
for (const [name, what] of [
  ['length', 'string length'],
  ['items', 'array length'],
  ['properties', 'number of object properties'],
  ['', 'numeric value'],
] as const) {
  const max = name ? `max-${name}` : 'max';
  const min = name ? `min-${name}` : 'min';
  BOUNDS.push(
    [`${max}-decreased`, B, I, `the maximum ${what} decreased`, false],
    [`${max}-increased`, I, B, `the maximum ${what} increased`, false],
    [`${max}-set`, W, I, `a maximum ${what} was set where there was none`, false],
    [`${max}-removed`, I, B, `the maximum ${what} was removed`, false],
    [`${min}-increased`, B, I, `the minimum ${what} increased`, false],
    [`${min}-decreased`, I, B, `the minimum ${what} decreased`, false],
    [`${min}-set`, W, I, `a minimum ${what} was set where there was none`, false],
    [`${min}-removed`, I, B, `the minimum ${what} was removed`, false],
  );
}

export const FACETS: FacetDef[] = [
  ['type-changed', B, B, 'the type changed to an incompatible one (e.g. string → integer)'],
  ['type-narrowed', B, I, 'fewer types are allowed (e.g. [string, integer] → string, number → integer)'],
  ['type-widened', I, B, 'more types are allowed (e.g. integer → number, string → [string, integer])'],
  ['became-nullable', I, B, '`null` became a valid value'],
  ['became-not-nullable', B, I, '`null` is no longer a valid value'],
  ['format-changed', B, B, '`format` changed incompatibly (e.g. date → uuid)'],
  ['format-widened', I, B, '`format` widened (int32 → int64, float → double)'],
  ['format-narrowed', B, I, '`format` narrowed (int64 → int32, double → float)'],
  ['format-added', W, I, '`format` was added'],
  ['format-removed', I, W, '`format` was removed'],
  ['enum-value-added', I, B, 'an enum value was added'],
  ['enum-value-removed', B, I, 'an enum value was removed'],
  ['became-enum', B, I, 'the value became restricted to an enum'],
  ['enum-removed', I, B, 'the value is no longer restricted to an enum'],
  ['enum-opened', I, B, 'the enum was marked incomplete (`x-enum-incomplete`): values it does not list may occur'],
  ['enum-closed', B, I, 'the enum is no longer marked incomplete (`x-enum-incomplete`): only its values are valid'],
  ['incomplete-enum-value-added', I, I, 'a value was added to an incomplete enum (`x-enum-incomplete`: clients must accept unlisted values)'],
  ['incomplete-enum-value-removed', I, I, 'a value was removed from an incomplete enum (`x-enum-incomplete`: it restricts nothing)'],
  ['incomplete-enum-added', I, I, 'an incomplete enum (`x-enum-incomplete`) was added: it lists values without restricting them'],
  ['incomplete-enum-removed', I, I, 'an incomplete enum (`x-enum-incomplete`) was removed: it restricted nothing'],
  ['extensible-enum-value-added', I, I, 'an `x-extensible-enum` value was added (clients must accept unknown values)'],
  ['extensible-enum-value-removed', B, I, 'an `x-extensible-enum` value was removed'],
  ['const-added', B, I, '`const` was added'],
  ['const-removed', I, B, '`const` was removed'],
  ['const-changed', B, B, '`const` changed'],
  ['pattern-added', B, I, 'a `pattern` was added: strings that do not match it are rejected (not reported when every value allowed before matches it)', false],
  ['pattern-removed', I, B, 'the `pattern` was removed: values it rejected are now valid', false],
  ['pattern-changed', W, W, 'the `pattern` changed', false],
  ...BOUNDS,
  ['multiple-of-set', W, I, '`multipleOf` was set', false],
  ['multiple-of-removed', I, W, '`multipleOf` was removed', false],
  ['multiple-of-changed', B, B, '`multipleOf` changed', false],
  ['unique-items-added', B, I, '`uniqueItems` became true', false],
  ['unique-items-removed', I, B, '`uniqueItems` is no longer true', false],
  ['contains-added', B, I, '`contains` was added: an array must now hold a matching item', false],
  ['contains-removed', I, B, '`contains` was removed: an array no longer has to hold a matching item', false],
  ['min-contains-increased', B, I, '`minContains` went up: more items must match `contains`', false],
  ['min-contains-decreased', I, B, '`minContains` went down: fewer items must match `contains`', false],
  ['max-contains-decreased', B, I, '`maxContains` went down (or was set): fewer items may match `contains`', false],
  ['max-contains-increased', I, B, '`maxContains` went up (or was removed): more items may match `contains`', false],
  ['additional-properties-disallowed', W, I, '`additionalProperties` became false: unknown properties are rejected'],
  ['additional-properties-allowed', I, W, '`additionalProperties` is no longer false: objects may carry properties the type does not name'],
  ['pattern-property-added', B, I, 'a `patternProperties` entry was added: properties whose names match it are constrained'],
  ['pattern-property-removed', I, B, 'a `patternProperties` entry was removed: properties whose names match it are no longer constrained'],
  ['property-names-added', B, I, '`propertyNames` was added: property names are restricted', false],
  ['property-names-removed', I, B, '`propertyNames` was removed: any property name is allowed', false],
  ['dependent-required-added', B, I, 'a `dependentRequired` rule was added'],
  ['dependent-required-removed', I, W, 'a `dependentRequired` rule was removed'],
  ['dependent-schema-added', B, I, 'a `dependentSchemas` entry was added: objects with that property are constrained'],
  ['dependent-schema-removed', I, B, 'a `dependentSchemas` entry was removed: objects with that property are no longer constrained'],
  ['unevaluated-added', B, I, '`unevaluatedProperties` / `unevaluatedItems` now constrains what no other keyword covers'],
  ['unevaluated-removed', I, B, '`unevaluatedProperties` / `unevaluatedItems` no longer constrains what no other keyword covers'],
  ['not-added', W, I, 'a `not` constraint was added'],
  ['not-removed', I, W, 'the `not` constraint was removed'],
  ['not-changed', W, W, 'the `not` constraint changed in a way that cannot be judged (e.g. its pattern changed, or it goes through a reference)'],
  ['not-tightened', B, I, 'the `not` constraint now excludes values that were valid'],
  ['not-loosened', I, B, 'the `not` constraint no longer excludes values it excluded'],
  ['conditional-changed', W, W, 'the `if` condition changed: values move between `then` and `else` (the branches are compared on their own)'],
  ['one-of-added', I, B, 'a `oneOf` alternative was added (or a schema became a `oneOf`)'],
  ['one-of-removed', B, I, 'a `oneOf` alternative was removed'],
  ['one-of-ambiguous', B, W, 'values that were valid now match more than one `oneOf` alternative, which `oneOf` rejects'],
  ['any-of-added', I, B, 'an `anyOf` alternative was added (or a schema became an `anyOf`)'],
  ['any-of-removed', B, I, 'an `anyOf` alternative was removed'],
  ['all-of-added', B, I, 'an `allOf` member that cannot be merged was added'],
  ['all-of-removed', I, B, 'an `allOf` member that cannot be merged was removed'],
  ['discriminator-added', I, I, 'a discriminator was added'],
  ['discriminator-removed', I, W, 'the discriminator was removed: clients dispatching on it must inspect the shape'],
  ['discriminator-property-changed', B, B, 'the discriminator property name changed'],
  ['discriminator-mapping-added', I, B, 'a discriminator value was added'],
  ['discriminator-mapping-removed', B, I, 'a discriminator value was removed'],
  ['discriminator-mapping-changed', W, W, 'a discriminator value maps to a schema of a different shape'],
  ['default-value-added', I, I, 'a `default` was added', false],
  ['default-value-removed', W, I, 'the `default` was removed: omitting the value no longer means the same thing', false],
  ['default-value-changed', W, I, 'the `default` changed: omitting the value no longer means the same thing', false],
  ['content-media-type-changed', B, B, '`contentMediaType` changed'],
  ['content-encoding-changed', B, B, '`contentEncoding` changed'],
  ['became-deprecated', I, I, 'the schema or property became deprecated', false],
  ['deprecation-removed', I, I, 'the schema or property is no longer deprecated', false],
  ['x-sunset-moved-earlier', B, B, 'the `x-sunset` date of a schema or property moved earlier', false],
];

export type SchemaRole = 'parameter' | 'body' | 'property' | 'header';

/** The prefixes a facet takes, by direction and role. */
export const FACET_PREFIXES: Record<Direction, Partial<Record<SchemaRole, string>>> = {
  request: { parameter: 'request-parameter', body: 'request-body', property: 'request-property' },
  response: { body: 'response-body', property: 'response-property', header: 'response-header' },
};

export function facetPrefix(direction: Direction, role: SchemaRole, nested: boolean): string {
  if (nested) return `${direction}-property`;
  return FACET_PREFIXES[direction][role] ?? `${direction}-property`;
}

const FACET_BY_NAME = new Map(FACETS.map((f) => [f[0], f]));

export function facetLevel(facet: string, direction: Direction): Level {
  const def = FACET_BY_NAME.get(facet);
  if (!def) throw new Error(`unknown facet ${facet}`);
  return direction === 'request' ? def[1] : def[2];
}

function buildCatalog(): Map<string, RuleDef> {
  const out = new Map<string, RuleDef>();
  for (const [id, level, category, description, signature = true] of EXPLICIT) out.set(id, { id, level, category, description, signature });
  for (const [direction, prefixes] of Object.entries(FACET_PREFIXES) as [Direction, Record<string, string>][]) {
    for (const prefix of Object.values(prefixes)) {
      for (const [facet, request, response, description, signature = true] of FACETS) {
        const id = `${prefix}-${facet}`;
        if (out.has(id)) throw new Error(`duplicate rule id ${id}`);
        out.set(id, { id, level: direction === 'request' ? request : response, category: 'schema', description, signature });
      }
    }
  }
  return out;
}

/** Every rule id → its definition. */
export const RULES: ReadonlyMap<string, RuleDef> = buildCatalog();

export const EXPLICIT_RULES: readonly RuleDef[] = EXPLICIT.map(([id]) => RULES.get(id)!);

/** The facet of a schema rule id (`response-property-enum-value-added` → `enum-value-added`), or undefined. */
export function facetOf(id: string): { direction: Direction; prefix: string; facet: string } | undefined {
  for (const [direction, prefixes] of Object.entries(FACET_PREFIXES) as [Direction, Record<string, string>][]) {
    for (const prefix of Object.values(prefixes)) {
      if (id.startsWith(prefix + '-') && FACET_BY_NAME.has(id.slice(prefix.length + 1))) return { direction, prefix, facet: id.slice(prefix.length + 1) };
    }
  }
  return undefined;
}
