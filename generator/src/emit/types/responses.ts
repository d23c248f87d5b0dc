/**
 * Response types of `src/operations.ts`, written so a consumer's compiler reads each type once:
 * - a response the spec takes from `components.responses` is declared once, in the `Responses` map, and
 *   every operation that uses it names it (`401: Responses["Unauthorized"]`) instead of repeating it;
 * - an operation's `response` / `errorResponse` union names a body that is more than a small type by
 *   indexed access into where it is declared (`Operations["getPost"]["responses"][200]["content"]["application/json"]`)
 *   instead of a second copy of it. Both resolve to the very same types as the copies did.
 */
import {
  indexedAccessType, interfaceDeclaration, keywordType, literalType, localTypeAlias, propertySignature, typeKey, typeLiteral, typeRef, unionType,
  type Statement, type TypeElement, type TypeNode,
} from '../../codegen/ts-nodes.ts';
import { ts } from '../../codegen/typescript.mjs';
import { responseReading } from '../../model/facts/reading.ts';
import type { HeaderModel, MediaTypeModel, OperationModel, ResponseModel } from '../../model/types.ts';
import { isNumericKey } from '../../codegen/code.ts';
import type { TypeContext } from './context.ts';
import { transformSchema } from './transform/schema.ts';

/** The map of component responses (reserved in model/naming.ts, so no schema type takes the name). */
export const RESPONSES_MAP = 'Responses';

/**
 * A body type with at most this many syntax nodes (`Post`, `Post[]`, `{ title: string; status?: number }`)
 * is written out again, for whoever reads the source; a larger one is referenced.
 */
const SMALL_BODY_NODES = 12;

interface Body {
  type: TypeNode;
  /** Where the body is declared, as an indexed access. */
  access: TypeNode;
}

/** One per `operations.ts`: remembers the component responses used, for the `Responses` declaration. */
export class ResponseTypes {
  private readonly shared = new Map<string, { response: ResponseModel; type: TypeNode }>();
  /** Pointer of the Response Object a shared name resolves to → the first name seen for it. */
  private readonly namesByPointer = new Map<string, string>();
  private readonly bodies = new Map<MediaTypeModel, TypeNode>();

  constructor(
    private readonly ctx: TypeContext,
    private readonly noMembers: NoMembers,
  ) {}

  /** `{ 200: {...}; 401: Responses["Unauthorized"] }` members for an operation. */
  members(op: OperationModel): TypeElement[] {
    return op.responses.map((r) => propertySignature(r.status, r.componentName === undefined ? this.responseObject(r) : this.sharedRef(r), { doc: responseDoc(r) }));
  }

  /** The success (`2XX`) or error union of an operation's bodies; `undefined` stands for a response without content. */
  bodyUnion(op: OperationModel, success: boolean): TypeNode {
    const responses = op.responses.filter((r) => isSuccess(r) === success);
    if (!responses.length) return keywordType('never');
    const seen = new Set<string>();
    const members: TypeNode[] = [];
    for (const r of responses) {
      if (!r.content.length) {
        members.push(keywordType('undefined'));
        continue;
      }
      for (const body of this.bodiesOf(op, r)) {
        const key = typeKey(body.type);
        if (seen.has(key)) continue;
        seen.add(key);
        members.push(nodeCount(body.type) <= SMALL_BODY_NODES ? body.type : body.access);
      }
    }
    return unionType(members);
  }

  /** `interface Responses { ... }`, or nothing when no operation uses a component response. */
  declaration(): Statement | undefined {
    if (!this.shared.size) return undefined;
    const members = [...this.shared].map(([name, { response, type }]) => propertySignature(name, type, { doc: responseDoc(response) }));
    return interfaceDeclaration(RESPONSES_MAP, members, ['Responses the spec shares between operations (`components.responses`), by name; operations name them: `Responses["<name>"]`.']);
  }

  private sharedRef(r: ResponseModel): TypeNode {
    const name = r.componentName!;
    if (!this.shared.has(name)) {
      // A component that is a reference to another one (`Gone: { $ref: NotFound }`) names that one's type.
      const first = this.namesByPointer.get(r.pointer);
      if (first === undefined) this.namesByPointer.set(r.pointer, name);
      this.shared.set(name, { response: r, type: first === undefined ? this.responseObject(r) : indexedAccessType(typeRef(RESPONSES_MAP), literalType(first)) });
    }
    return indexedAccessType(typeRef(RESPONSES_MAP), literalType(name));
  }

  private bodiesOf(op: OperationModel, r: ResponseModel): Body[] {
    const declared =
      r.componentName === undefined
        ? indexedAccessType(indexedAccessType(indexedAccessType(typeRef('Operations'), literalType(op.names.method)), literalType('responses')), statusKey(r.status))
        : indexedAccessType(typeRef(RESPONSES_MAP), literalType(r.componentName));
    return r.content.map((m) => ({ type: this.bodyType(m), access: indexedAccessType(indexedAccessType(declared, literalType('content')), literalType(m.mediaType)) }));
  }

  private responseObject(r: ResponseModel): TypeNode {
    const content = r.content.length ? typeLiteral(r.content.map((m) => propertySignature(m.mediaType, this.bodyType(m), { doc: wireExamples(m) }))) : this.noMembers.ref();
    return typeLiteral([propertySignature('headers', this.headersType(r.headers)), propertySignature('content', content)]);
  }

  /**
   * A response body's type as the client reads it by default (model/facts/reading.ts): `Blob` for bytes, the
   * schema's for JSON and text, any of them for a wildcard media type. Built once per media type.
   */
  private bodyType(m: MediaTypeModel): TypeNode {
    let type = this.bodies.get(m);
    if (!type) {
      const reading = responseReading(this.ctx.index.facts.media(m, 'response'));
      type = reading === 'bytes' ? typeRef('Blob') : transformSchema(m.schema, this.ctx);
      if (reading === 'any') type = unionType([type, keywordType('string'), typeRef('Blob')]);
      this.bodies.set(m, type);
    }
    return type;
  }

  private headersType(headers: HeaderModel[]): TypeNode {
    if (!headers.length) return this.noMembers.ref();
    return typeLiteral(
      headers.map((h) => propertySignature(h.name.toLowerCase(), transformSchema(h.schema, this.ctx), { optional: !h.required, doc: [h.description, h.deprecated ? '@deprecated' : undefined] })),
    );
  }
}

/** `200` as the numeric key the responses object declares it with, `'4XX'` and `'default'` as strings. */
function statusKey(status: string): TypeNode {
  return literalType(isNumericKey(status) ? Number(status) : status);
}

export function isSuccess(response: ResponseModel): boolean {
  return /^2/.test(response.status);
}

/**
 * The type of a group without members (no parameters in a location, no headers, no content): one local
 * alias of `Record<string, never>` named thousands of times, because a compiler checks a reference to a
 * plain alias much faster than it checks a generic's type arguments again at every use.
 */
export class NoMembers {
  static readonly NAME = 'NoMembers';
  private used = false;

  ref(): TypeNode {
    this.used = true;
    return typeRef(NoMembers.NAME);
  }

  /** `type NoMembers = Record<string, never>;` when something named it. */
  declaration(): Statement | undefined {
    if (!this.used) return undefined;
    return localTypeAlias(NoMembers.NAME, typeRef('Record', [keywordType('string'), keywordType('never')]), ['No members (an empty parameter group, no headers, no content).']);
  }
}

function nodeCount(node: ts.Node): number {
  let count = 1;
  ts.forEachChild(node, (child) => {
    count += nodeCount(child);
  });
  return count;
}

/** A response's JSDoc: its OAS 3.2 `summary`, then its `description` (optional in 3.2). */
function responseDoc(response: ResponseModel): string[] {
  return [...new Set([response.summary, response.description].filter((line): line is string => !!line))];
}

/**
 * The OAS 3.2 `serializedValue`s of a media type's examples, as `@example` blocks: the body as it is on the
 * wire, where the data form (`dataValue`) does not show it (form and text bodies, a chosen JSON spelling).
 */
function wireExamples(media: MediaTypeModel): string[] {
  return (media.serializedExamples ?? []).flatMap((wire, i) => {
    if (wire === undefined) return [];
    const name = media.exampleNames?.[i];
    return [`@example ${name ? `${name} ` : ''}(as sent)`, ...wire.split(/\r?\n/)];
  });
}
