/**
 * `src/webhooks.ts` (only when the spec has webhooks or callbacks): `webhookValidators`, each webhook's
 * validators by its name, `webhookValidators["issues-opened"].payload(value)` and `.headers(value)`, typed by
 * the types package's `Webhooks` map, and `.response(status, mediaType, value)` for its declared answers. The checks are compiled with the operations' (their header parameters
 * and payload schemas are nodes of the same document, at the webhook's pointer); the runtime's `_webhook`
 * (runtime/helpers/webhooks.ts) runs them. Statements are nodes laid out by the one printer.
 */
import { namespaceImport } from '../../../codegen/module-lines.ts';
import { printModuleLine } from '../../../codegen/pretty-doc.ts';
import type { ApiModel, WebhookModel } from '../../../model/types.ts';
import type { EmitContext, EmittedFile } from '../../emitter.ts';
import type { SymbolRegistry } from '../../symbols.ts';
import { escapeToken } from '../compile/pointer.ts';
import { PackageRefs } from '../module/symbols.ts';
import type { ApiDocument } from './document.ts';

export const WEBHOOKS = './webhooks.js';

/** Requests every check the webhooks need from the compiler (call before `compiler.build()`); print with the result. */
export function webhookValidatorsFile(model: ApiModel, doc: ApiDocument, symbols: SymbolRegistry, context: EmitContext): (header: string) => EmittedFile {
  const n = context.nodes;
  const p = context.printer;
  const refs = new PackageRefs(symbols, WEBHOOKS);
  const compiled = (name: string) => {
    refs.ref(name);
    return n.propertyAccess(n.valueRef('C'), name);
  };
  refs.ref('_webhook');
  const webhooks = model.webhooks ?? [];
  const entry = (w: WebhookModel) => {
    const op = w.operation;
    const headers = doc.compiler.entryErrors(doc.parameters(op, 'header'), true);
    const args = [n.literalExpression(op.pointer), compiled(headers.errors.text)];
    const content = op.requestBody?.content ?? [];
    if (content.length) {
      const checks = content.map((m, i) => {
        const check = doc.compiler.entryErrors(doc.media(op, m, content.length > 1 ? `Payload_${i + 1}` : 'Payload'), true);
        return { check: compiled(check.errors.text), path: check.schemaPath ?? `#${op.pointer}/requestBody/content/${escapeToken(m.mediaType)}/schema` };
      });
      args.push(
        n.objectLiteral([
          n.property('r', n.literalExpression(op.requestBody!.required)),
          n.property('m', n.literalExpression(content.map((m) => m.mediaType))),
          n.property('f', n.arrayLiteral(checks.map((c) => c.check))),
          n.property('p', n.literalExpression(checks.map((c) => c.path))),
        ]),
      );
    }
    // The declared answers (`[status, mediaType, check]` rows as `_Responses`): the receiver checks its refusals
    // in the spec's error shape with them (emit/server/runtime/webhook-receiver.ts).
    if (op.responses.length) {
      const rows = op.responses.map((r) =>
        r.content.map((m, i) => {
          const check = doc.compiler.entryErrors(doc.media(op, m, r.content.length > 1 ? `Status_${r.status}_${i + 1}` : `Status_${r.status}`), true);
          return { check: compiled(check.errors.text), path: check.schemaPath ?? `#${op.pointer}/responses/${escapeToken(r.status)}/content/${escapeToken(m.mediaType)}/schema` };
        }),
      );
      if (args.length === 2) args.push(n.literalExpression(undefined));
      args.push(
        n.objectLiteral([
          n.property('s', n.literalExpression(op.responses.map((r) => r.status))),
          n.property('m', n.literalExpression(op.responses.map((r) => r.content.map((m) => m.mediaType)))),
          n.property('f', n.arrayLiteral(rows.map((row) => n.arrayLiteral(row.map((c) => c.check))))),
          n.property('p', n.literalExpression(rows.map((row) => row.map((c) => c.path)))),
        ]),
      );
    }
    const type = n.indexedAccessType(n.qualifiedTypeRef('T', 'Webhooks'), n.literalType(w.name));
    return n.property(w.name, n.pure(n.callExpression(n.valueRef('_webhook'), args, [type])));
  };
  const map = n.objectLiteral(webhooks.map(entry), { multiLine: true });
  return (header) => {
    const typesPackage = context.importPath('types', 'src/webhooks.ts');
    const module = p.module().line(header);
    for (const line of [namespaceImport('T', typesPackage, true), ...refs.imports()]) module.line(printModuleLine(line));
    module.node(n.constDeclaration('webhookValidators', map, ["Every webhook's and callback's validators by its name: `webhookValidators[name].headers(value)`, `.payload(value, mediaType)`."]));
    return module.file('src/webhooks.ts');
  };
}
