/**
 * `src/client.ts`: the typed surface. Per operation an `<Base>Args` interface (path, query, header and
 * cookie parameters by spec name, plus `body`), a method on `Client` with its JSDoc, a `paginate` entry
 * for paginated operations, its error body in `OperationErrors`, and a standalone function over a core
 * (tree-shakable). The implementation is generic (runtime/bind.ts and runtime/core.ts `call` over the
 * operation table), so the methods cost no code per operation. The declarations are compiler nodes
 * (declarations.ts); the fixed implementations (factories.ts) hold no spec text. Everything is printed as
 * prettier prints it (pretty.ts); what that printer does not handle is left to prettier.
 */
import type { Code } from '../../codegen/index.ts';
import { callExpression, functionDeclaration, intersectionType, propertyAccess, returnStatement, typeRef as typeRefNode, valueRef, type Statement } from '../../codegen/ts-nodes.ts';
import { factsOf } from '../../model/facts/index.ts';
import type { ApiModel, OperationModel } from '../../model/types.ts';
import { argsInterface, argsParameter, argsOptional, clientDeclarations, signature, statusType, THROWS, type Signature, type Use } from './declarations.ts';
import { operationDoc } from './docs.ts';
import { clientFactories, isApiError } from './factories.ts';
import { moduleLineText, namespaceImport } from '../../codegen/module-lines.ts';
import { printModuleLine } from '../../codegen/pretty-doc.ts';
import { assemble, nodePart, nodesPart, part, type Part, type PrintedFile } from './pretty.ts';
import { streamFunction, streamMethodSignatures, type StreamSignatureParts } from './stream-methods.ts';
import { CLIENT, clientPlan, hasArgs, IMPORT_ORDER, OPERATIONS, type ClientNames } from './symbols.ts';

/** The standalone function's doc, signature (after `core`) and call. */
function standaloneParts(model: ApiModel, op: OperationModel, sig: Signature, use: Use) {
  const doc = [...operationDoc(model, op, sig.kind), '', `The standalone form of \`Client.${op.names.method}\`, over \`createCore(...)\`.`];
  // The core must have the features the call's options need (`CoreFor<O>`).
  const core = { name: 'core', type: intersectionType([typeRefNode('ClientCore', [typeRefNode(THROWS.name)]), typeRefNode(use('CoreFor'), [typeRefNode('O')])]) };
  return { doc, sig: { ...sig, typeParameters: [...(sig.typeParameters ?? []), THROWS], parameters: [core, ...sig.parameters] } };
}

/**
 * The standalone function of an operation: `getX(core, args, options)`, the same call as `client.getX`. It
 * references only its own table entry, so a bundle carries only the operations it calls.
 */
function standalone(model: ApiModel, op: OperationModel, names: ClientNames, sig: Signature, use: Use): Part {
  const { doc, sig: full } = standaloneParts(model, op, sig, use);
  const run = use(sig.kind === 'stream' ? 'stream' : 'call');
  const args = [valueRef('core'), propertyAccess(valueRef('ops'), names.spec), valueRef('args'), valueRef('options')];
  return nodePart(functionDeclaration(names.fn, full, [returnStatement(callExpression(valueRef(run), args))], doc));
}

export function emitClient(model: ApiModel, packages: { types: string; validators: string }, header: Code): PrintedFile {
  const ops = model.operations;
  for (const op of ops) {
    if (op.names.method === 'paginate')
      throw new Error(`client: the operation ${op.operationId} is named "paginate", which the client reserves`);
  }
  const { symbols, names } = clientPlan(model, packages.validators);
  const ref = (name: string): Code => symbols.ref(CLIENT, name);
  const use: Use = (name) => ref(name).text;
  const nameOf = (op: OperationModel) => names.get(op)!;
  // Streamed answers (by media type or x-streaming) have their own signatures: stream-methods.ts.
  const streamed = new Set(ops.filter((op) => factsOf(model).stream(op)));
  const parts = (op: OperationModel): StreamSignatureParts => ({
    args: argsParameter(op, nameOf(op)),
    argsName: hasArgs(op) ? nameOf(op).args : undefined,
    argsOptional: argsOptional(op),
    status: statusType(op),
  });
  const signatures = new Map(ops.filter((op) => !streamed.has(op)).map((op) => [op, signature(model, op, nameOf(op), use)]));
  const streamMethods = new Map([...streamed].map((op) => [op, streamMethodSignatures(model, op, parts(op), use)!]));
  // Printed from checked nodes: trusted text from here on.
  const print = (statements: readonly (Statement | undefined)[]): Part[] =>
    statements.flatMap((st) => (st ? [nodePart(st)] : []));
  const statements: Part[] = [
    ...print(ops.map((op) => argsInterface(model, op, nameOf(op).args, use))),
    ...print(clientDeclarations(model, signatures, streamMethods, nameOf, use)),
    ...print(clientFactories(model, symbols, ref)),
    ...ops.map((op) =>
      streamed.has(op) ? nodesPart(streamFunction(model, op, parts(op), use, ref, nameOf(op).fn, nameOf(op).spec)!) : standalone(model, op, nameOf(op), signatures.get(op)!, use),
    ),
    nodesPart(isApiError(ref)),
  ];
  const lines = [
    ...(ops.length ? [namespaceImport('T', packages.types, true)] : []),
    namespaceImport('ops', OPERATIONS),
    ...symbols.importsOf(CLIENT, IMPORT_ORDER),
  ];
  const imports = lines.map((l) => part(() => printModuleLine(l), () => moduleLineText(l)));
  return assemble(header.text, imports, statements);
}
