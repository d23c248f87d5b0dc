/**
 * The normalized model: the one description of an API that every emitter reads. Emitters never see raw
 * YAML or the bundled document; everything they need is here, with defaults resolved.
 *
 * Invariants established by `buildModel` (model/build.ts):
 * - Schemas are JSON Schema 2020-12 objects (or booleans). OpenAPI 3.0 spellings are rewritten: `nullable`
 *   becomes a `"null"` member of `type` (or `anyOf [..., {type: "null"}]` where there is no `type`),
 *   boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers, `example` becomes `examples: [example]`.
 * - Every `$ref` inside a model schema has the form `#/components/schemas/<key>` and `<key>` is a key of
 *   `model.schemas`. Targets elsewhere (other files, `$defs`, inline locations) are hoisted into
 *   `model.schemas` as `synthetic` entries with a derived key.
 * - Names (`typeName`, operation type names) are planned once, unique, and valid identifiers.
 * - Collections keep document order, so output is deterministic.
 */

import type { SchemaFacts } from './fact-types.ts';

/** Where a node of the spec is: defined by load/, which computes it. */
export type { SourceLocation } from '../load/diagnostics.ts';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** A JSON Schema 2020-12 node as the model holds it. Unknown keywords (and `x-` extensions) are kept. */
export type Schema = boolean | SchemaObject;

export interface SchemaObject {
  $ref?: string;
  $defs?: Record<string, Schema>;
  type?: JsonType | JsonType[];
  enum?: JsonValue[];
  const?: JsonValue;
  // numbers
  multipleOf?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  // strings
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  contentMediaType?: string;
  contentEncoding?: string;
  // arrays
  items?: Schema;
  prefixItems?: Schema[];
  contains?: Schema;
  minContains?: number;
  maxContains?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  unevaluatedItems?: Schema;
  // objects
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: Schema;
  unevaluatedProperties?: Schema;
  propertyNames?: Schema;
  required?: string[];
  minProperties?: number;
  maxProperties?: number;
  dependentRequired?: Record<string, string[]>;
  dependentSchemas?: Record<string, Schema>;
  // composition
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  not?: Schema;
  if?: Schema;
  then?: Schema;
  else?: Schema;
  // OpenAPI
  discriminator?: Discriminator;
  // annotations
  title?: string;
  description?: string;
  default?: JsonValue;
  examples?: JsonValue[];
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  [keyword: string]: unknown;
}

export interface Discriminator {
  propertyName: string;
  /** Discriminator value → `#/components/schemas/<key>`; values implied by schema names are filled in. */
  mapping?: Record<string, string>;
  /**
   * OAS 3.2 `defaultMapping` as `#/components/schemas/<key>`: the branch that applies when the property is
   * absent or its value is neither mapped nor implied by a branch name.
   */
  defaultMapping?: string;
}

export interface NamedSchema {
  /** Key under `components.schemas` (original, or derived for synthetic ones). */
  key: string;
  /** Planned TypeScript identifier: unique among all top-level names of the generated packages. */
  typeName: string;
  schema: Schema;
  /** Pointer in the bundled document where the schema is defined. */
  pointer: string;
  /** True when the schema was hoisted from a non-component location (another file, `$defs`, inline). */
  synthetic: boolean;
}

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';
/** OpenAPI's styles; `cookie` is OAS 3.2's (RFC 6265 pairs joined by `; `, values neither percent-encoded nor decoded). */
export type ParameterStyle = 'matrix' | 'label' | 'form' | 'simple' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | 'cookie';

export interface ParameterModel {
  name: string;
  in: ParameterLocation;
  required: boolean;
  deprecated: boolean;
  description?: string;
  /** Style and explode with OpenAPI's defaults applied (query/cookie: form+explode; path/header: simple). */
  style: ParameterStyle;
  /**
   * OAS 3.2 `in: querystring`: this one parameter is the whole query string, in the media type of its
   * `content` (`contentType`: form-urlencoded or JSON). It is modelled as the operation's only `query`
   * parameter (`in` is `query`), so types, validators and arguments name it like one; only the wire form
   * differs.
   */
  querystring?: true;
  explode: boolean;
  allowReserved: boolean;
  allowEmptyValue: boolean;
  /** The parameter's schema (from `schema`, or from the single `content` entry). */
  schema: Schema;
  /** Set when the parameter was described with `content` instead of `schema`. */
  contentType?: string;
  examples: JsonValue[];
  extensions: Record<string, JsonValue>;
  pointer: string;
}

export interface MediaTypeModel {
  mediaType: string;
  /** The media type's schema; for a sequential media type with an OAS 3.2 `itemSchema`, that item schema. */
  schema: Schema;
  examples: JsonValue[];
  /** The names of `examples` when they come from the Examples map (the mock's `Prefer: example=<name>`). */
  exampleNames?: string[];
  /**
   * OAS 3.2 Example Objects' `serializedValue` (the example as it is on the wire), by position in `examples`;
   * absent when no example gives one.
   */
  serializedExamples?: (string | undefined)[];
  /** The Encoding Object per property, as written (form and multipart bodies); see facts/media.ts for defaults. */
  encoding?: Record<string, EncodingModel>;
  /** OAS 3.2 `prefixEncoding`: the Encoding Object of each positional part of a multipart body (the schema's `prefixItems`). */
  prefixEncoding?: EncodingModel[];
  /** OAS 3.2 `itemEncoding`: the Encoding Object of every further part (the schema's `items`). */
  itemEncoding?: EncodingModel;
  pointer: string;
}

/** One entry of a Media Type Object's `encoding`, as written. */
export interface EncodingModel {
  contentType?: string;
  /** Header names the part declares (multipart). */
  headers: string[];
  /** Values of declared part headers fixed by their schema (`const`, `default`, or a single `enum` value). */
  headerValues?: { name: string; value: string }[];
  style?: ParameterStyle;
  explode?: boolean;
  allowReserved?: boolean;
}

export interface RequestBodyModel {
  required: boolean;
  description?: string;
  content: MediaTypeModel[];
  pointer: string;
}

export interface HeaderModel {
  name: string;
  required: boolean;
  deprecated: boolean;
  description?: string;
  schema: Schema;
  /** The header object's `x-` extensions, raw (e.g. `x-ratelimit-field`). */
  extensions: Record<string, JsonValue>;
  pointer: string;
}

export interface ResponseModel {
  /** `200`, `4XX`, or `default`, as written. */
  status: string;
  /** `''` when absent: OAS 3.2 makes it optional. */
  description: string;
  /** OAS 3.2 `summary`: a short description of the response (used before `description` in JSDoc). */
  summary?: string;
  headers: HeaderModel[];
  content: MediaTypeModel[];
  /** Name under `components.responses` when the response was a `$ref` to one. */
  componentName?: string;
  pointer: string;
}

/** One alternative of a security requirement: scheme name → required scopes (all must hold). */
export type SecurityRequirement = Record<string, string[]>;

/**
 * An operation's method: a Path Item field (`get` … `trace`, OAS 3.2's `query`), or an OAS 3.2
 * `additionalOperations` method lower-cased (`link`). What goes on the wire is `OperationModel.httpMethod`.
 */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace' | 'query' | (string & {});

/**
 * How an operation pages (model/pagination.ts): from `x-pagination`, the config's `pagination`, or inferred
 * from a common convention. Pointers are JSON pointers into the success response body.
 */
export type PaginationModel =
  | TokenPagination
  | ItemPagination
  | LinkPagination
  | UrlPagination
  | HeaderPagination
  | BodyTokenPagination
  | OffsetPagination
  | PagePagination;

/** The pagination styles, by `kind`. */
export type PaginationKind = PaginationModel['kind'];

interface PaginationCommon {
  /** Where it was declared: `x-pagination`, the config, or inferred from the spec's conventions. */
  source: 'extension' | 'config' | 'inferred';
  /** The query parameter that sets the page size (offset pagination requires one). */
  pageSizeParameter?: string;
  /** The items array (`''`: the body itself). */
  itemsPointer?: string;
  /** A member counting every item of the listing (`/meta/total`): the last page is reached when as many were seen. */
  totalPointer?: string;
  /** The page size the API uses when none is sent (the size parameter's `default`), to recognize a short page. */
  defaultPageSize?: number;
}

/** The next token is a body member (`nextTokenPointer`), sent back in the `tokenParameter` query parameter. */
export interface TokenPagination extends PaginationCommon {
  kind: 'token';
  tokenParameter: string;
  nextTokenPointer: string;
}

/** The token is a member of the last item (`itemTokenPointer`, e.g. its id), while `hasMorePointer` is true. */
export interface ItemPagination extends PaginationCommon {
  kind: 'item';
  tokenParameter: string;
  itemsPointer: string;
  itemTokenPointer: string;
  hasMorePointer: string;
}

/** The next page is the `Link: <…>; rel="next"` response header (RFC 8288). */
export interface LinkPagination extends PaginationCommon {
  kind: 'link';
}

/** The next page's URL is a body member (`/links/pages/next`, HAL's `/_links/next/href`); its query is sent on the operation's path. */
export interface UrlPagination extends PaginationCommon {
  kind: 'url';
  nextUrlPointer: string;
}

/** The next token is a response header (`nextTokenHeader`), sent back in the `tokenParameter` query parameter. */
export interface HeaderPagination extends PaginationCommon {
  kind: 'header';
  tokenParameter: string;
  nextTokenHeader: string;
  /**
   * The token parameter's type when it is not a string (its schema admits only integers, numbers or
   * booleans): the header's text is sent back as that value, not as a string. Absent: a string.
   */
  tokenType?: 'integer' | 'number' | 'boolean';
}

/**
 * The next token is a body member (`nextTokenPointer`), sent back in the JSON request body's member at
 * `tokenMemberPointer` (`/start_cursor`, or nested: `/pagination/cursor`) (POST searches).
 */
export interface BodyTokenPagination extends PaginationCommon {
  kind: 'body';
  tokenMemberPointer: string;
  nextTokenPointer: string;
}

/** Offset/limit: the next page starts where this one ended (`offset` + items); ends at a short or empty page, or the total. */
export interface OffsetPagination extends PaginationCommon {
  kind: 'offset';
  offsetParameter: string;
  pageSizeParameter: string;
}

/** Page numbers: the next page is this one + 1 (the first is `firstPage`); ends at a short or empty page, or the total. */
export interface PagePagination extends PaginationCommon {
  kind: 'page';
  pageParameter: string;
  firstPage: number;
}

/** How the items of a streamed body are framed on the wire. */
export type StreamFormat = 'sse' | 'ndjson' | 'json-seq';

/**
 * A matcher of problem values (from `x-streaming`): every member names a member of the problem and a
 * regular expression its value (as text) must match; an absent member never matches.
 */
export type ProblemMatcher = Record<string, string>;

/** From `x-streaming` (an override: stream media types are streams without it). */
export interface StreamingModel {
  format: StreamFormat;
  backfillParameter?: string;
  /** In-stream values that are problems ending the connection: a value matching any matcher is one. */
  problems?: ProblemMatcher[];
  /** After such a problem the client reconnects unless the problem matches one of these. */
  reconnectUnless?: ProblemMatcher[];
}

export interface OperationModel {
  /** As given, or synthesized from method and path when missing (see `operationIdSynthesized`). */
  operationId: string;
  operationIdSynthesized: boolean;
  method: HttpMethod;
  /** The method token sent on the wire: `GET`, `QUERY`, an `additionalOperations` key exactly as written. */
  httpMethod: string;
  /** From `additionalOperations` (OAS 3.2) rather than a method field of the Path Item. */
  additional: boolean;
  /** The method is safe (read-only; RFC 9110 §9.2.1): GET, HEAD, QUERY, … (model/http-methods.ts). */
  safe: boolean;
  /** The method is idempotent (RFC 9110 §9.2.2): a client may send it again after a network failure. */
  idempotent: boolean;
  path: string;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated: boolean;
  /** Path-item and operation parameters merged (operation wins), path parameters first, then document order. */
  parameters: ParameterModel[];
  requestBody?: RequestBodyModel;
  responses: ResponseModel[];
  /**
   * Effective security: the operation's own, else the document's. `[]` means no authentication;
   * `[{}]` (an empty alternative) means authentication is optional.
   */
  security: SecurityRequirement[];
  pagination?: PaginationModel;
  streaming?: StreamingModel;
  /** `x-sunset`, an RFC 3339 date-time, when the operation is deprecated with a removal date. */
  sunset?: string;
  /** `x-deprecated-at`, an RFC 3339 date or date-time: when the deprecation took effect (not a removal date). */
  deprecatedAt?: string;
  /** `x-open-parameters: true`: the spec does not list every parameter; targets must not refuse unlisted ones. */
  openParameters?: boolean;
  /** `x-undocumented`: what the API's reference does not show for this operation. */
  undocumented: string[];
  /** All `x-` extensions of the operation, raw. */
  extensions: Record<string, JsonValue>;
  /** Planned identifiers, shared by every target. */
  names: OperationNames;
  pointer: string;
}

/** A request the API sends to its users: an operation of `webhooks` or of an operation's `callbacks`. */
export interface WebhookModel {
  /**
   * The handler key: the webhook's name in `webhooks` (with `-<method>` when its path item has several
   * operations); for a callback its name in `callbacks`, prefixed by `<operationId>-` when another
   * webhook or callback already has that name.
   */
  name: string;
  kind: 'webhook' | 'callback';
  /** Method, header parameters and request body as the API sends them (`path` is the name or the callback's expression). */
  operation: OperationModel;
  /**
   * Top-level payload members the payload schema pins to one value (`const`, a one-member `enum`), in
   * member order, with the media type's schema they come from (the first JSON one).
   */
  fixes: { member: string; value: JsonValue }[];
  /**
   * Names of the other webhooks of the same method that pin exactly the same members to the same values:
   * their payloads are told apart by the validators alone, and a payload both accept is ambiguous.
   */
  overlaps: string[];
  pointer: string;
}

/** The generated names for one operation; `method` is the client method and the server handler key. */
export interface OperationNames {
  /** The operationId itself if it is a valid identifier, else a camelCase derivation. */
  method: string;
  /** PascalCase base for the types below, e.g. `GetUserBookmarks`. */
  base: string;
  pathParams: string;
  query: string;
  headers: string;
  cookies: string;
  requestBody: string;
  /** Map of status → media type → body type. */
  responses: string;
  /** Union of the success (2XX) response bodies. */
  success: string;
  /** Union of the error (non-2XX, default) response bodies. */
  error: string;
}

export interface SecuritySchemeModel {
  name: string;
  type: 'http' | 'apiKey' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  description?: string;
  /** OAS 3.2 `deprecated: true`: the scheme is being phased out. */
  deprecated: boolean;
  /** http: lower-cased scheme (`bearer`, `basic`, `oauth` for OAuth 1.0a). */
  scheme?: string;
  bearerFormat?: string;
  /** apiKey */
  in?: 'query' | 'header' | 'cookie';
  parameterName?: string;
  /** oauth2 */
  flows?: Record<string, OAuthFlowModel>;
  /** oauth2, OAS 3.2: the authorization server's metadata document (RFC 8414), where its endpoints are read from. */
  oauth2MetadataUrl?: string;
  openIdConnectUrl?: string;
  extensions: Record<string, JsonValue>;
  pointer: string;
}

/** One OAuth Flow Object (`implicit`, `password`, `clientCredentials`, `authorizationCode`, OAS 3.2 `deviceAuthorization`). */
export interface OAuthFlowModel {
  authorizationUrl?: string;
  /** OAS 3.2 `deviceAuthorization` flow: the device authorization endpoint (RFC 8628 section 3.1). */
  deviceAuthorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  scopes: Record<string, string>;
}

/** One entry of the root `x-limits` extension. */
export interface LimitModel {
  name: string;
  /** Planned constant name, e.g. `BOOKMARKS_MAX_RESULTS`. */
  constantName: string;
  description?: string;
  value: number;
  /** A floor: at least this. */
  min?: number;
  /** A cap: at most this. */
  max?: number;
  /** Which way the limit binds, from `min`/`max`: both a range, one a floor or a cap; none binds no way. */
  bound?: 'cap' | 'floor' | 'range';
  default?: number;
  unit?: string;
  plan?: string;
  track?: string;
  appliesTo?: string;
  pointer: string;
}

export interface ServerModel {
  /** OAS 3.2 `name`: a unique reference for the server (the client's `servers` map key). */
  name?: string;
  url: string;
  description?: string;
  variables: Record<string, { default: string; enum?: string[]; description?: string }>;
}

export interface TagModel {
  name: string;
  /** OAS 3.2 `summary`: a short title for the tag. */
  summary?: string;
  description?: string;
  /** OAS 3.2 `parent`: the name of the tag this one nests under (checked: it exists, and there is no cycle). */
  parent?: string;
  /** OAS 3.2 `kind` (`nav`, `badge`, `audience` are registered; others are kept as written). */
  kind?: string;
}

export interface ApiModel {
  /** The `openapi` field as written (`3.0.3`, `3.1.0`, ...). */
  openapiVersion: string;
  info: {
    title: string;
    version: string;
    summary?: string;
    description?: string;
    license?: { name: string; identifier?: string; url?: string };
    extensions: Record<string, JsonValue>;
  };
  servers: ServerModel[];
  tags: TagModel[];
  /** Component schemas (and hoisted synthetic ones), in document order, synthetic ones last. */
  schemas: NamedSchema[];
  operations: OperationModel[];
  securitySchemes: SecuritySchemeModel[];
  /** The document's default security. */
  security: SecurityRequirement[];
  limits: LimitModel[];
  /** Root `x-` extensions, raw. */
  extensions: Record<string, JsonValue>;
  /**
   * Requests the API sends: every operation of `webhooks` (OAS 3.1) and of every operation's `callbacks`,
   * in document order (model/webhooks.ts). Absent in models built before webhooks were modelled.
   */
  webhooks?: WebhookModel[];
  /** `Date`: date and date-time strings are `Date` objects in every target (the config's `dates`; model/dates.ts). */
  dates?: 'Date';
  /** `bigint`: `integer`/`int64` values are `bigint`s in every target (the config's `int64`; model/int64.ts). */
  int64?: 'bigint';
  /** The config's `idempotencyKey`: the header every non-idempotent write takes a key in (model/idempotency.ts). */
  idempotencyKey?: string;
}

/** Look-ups over a model, built once per model (model/index.ts `indexModel`). */
export interface ModelIndex {
  schemaByKey: Map<string, NamedSchema>;
  /** Resolves `#/components/schemas/<key>` to its named schema. */
  resolveRef(ref: string): NamedSchema | undefined;
  operationById: Map<string, OperationModel>;
  /** What schemas mean, computed once per model (model/facts). */
  facts: SchemaFacts;
  /** The model's `dates` choice. */
  dates?: 'Date';
  /** The model's `int64` choice. */
  int64?: 'bigint';
}
