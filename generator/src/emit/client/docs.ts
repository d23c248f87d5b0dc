/**
 * JSDoc of the generated methods and argument members. Returns lines of text; `docComment` (codegen)
 * sanitizes them, so spec text cannot leave the comment.
 */
import { followsText } from '../../model/pagination.ts';
import type { ApiModel, LimitModel, OperationModel, ParameterModel } from '../../model/types.ts';
import { describeScheme, limitsFor } from './model-helpers.ts';

export type DocLines = (string | undefined | false)[];

/** Lines of a method's JSDoc: summary, description, route, security and scopes, limits, behaviour, deprecation. */
export function operationDoc(model: ApiModel, op: OperationModel, kind: 'call' | 'stream' | 'paginate'): DocLines {
  const lines: DocLines = [];
  if (op.summary) lines.push(op.summary);
  if (op.description && op.description !== op.summary) lines.push('', op.description);
  lines.push('', `\`${op.httpMethod} ${op.path}\` (operation \`${op.operationId}\`)`);
  lines.push('', ...securityDoc(model, op));
  const limits = limitsFor(model, op);
  if (limits.length) lines.push('', 'Limits:', ...limits.map((l) => `- ${limitText(l)}`));
  if (kind === 'paginate' && op.pagination) {
    lines.push('', `Iterates the pages (\`for await (const page of ...)\`) or their items (\`.items()\`), ${followsText(op.pagination)}, or until \`maxPages\`/\`maxItems\`.`);
  } else if (kind === 'stream') {
    lines.push('', 'A dropped connection is reconnected (by default for `GET` only) unless an in-stream problem the spec names says not to (see `StreamOptions`).');
    if (op.streaming?.backfillParameter) lines.push(`Pass \`${op.streaming.backfillParameter}\` to recover missed events on connection.`);
  } else if (op.pagination) {
    lines.push('', `One page; \`client.paginate.${op.names.method}\` follows the pages.`);
  }
  if (op.undocumented.length) lines.push('', 'Not documented by the API reference:', ...op.undocumented.map((u) => `- ${u}`));
  if (op.openParameters) {
    lines.push('', 'The API reference does not list every parameter of this operation: pass others in `extraQuery`.');
  }
  if (op.deprecated) {
    const since = op.deprecatedAt ? ` Deprecated since ${op.deprecatedAt}.` : '';
    const sunset = op.sunset ? ` Sunset: ${op.sunset}.` : '';
    lines.push('', `@deprecated The API deprecates this operation.${since}${sunset}`);
  }
  return lines;
}

function securityDoc(model: ApiModel, op: OperationModel): string[] {
  if (!op.security.length) return ['Authentication: none.'];
  const byName = new Map(model.securitySchemes.map((s) => [s.name, s]));
  const optional = op.security.some((r) => Object.keys(r).length === 0);
  const alternatives = op.security
    .filter((r) => Object.keys(r).length > 0)
    .map((requirement) =>
      Object.entries(requirement)
        .map(
          ([name, scopes]) =>
            describeScheme(byName.get(name), name) + (scopes.length ? ` with scopes ${scopes.map((s) => `\`${s}\``).join(', ')}` : ''),
        )
        .join(' and '),
    );
  const head = optional ? 'Authentication (optional): ' : 'Authentication: ';
  return alternatives.length === 1 ? [head + alternatives[0] + '.'] : [head + 'one of', ...alternatives.map((a) => `- ${a}`)];
}

/** `- \`BOOKMARKS_MAX_RESULTS\`: Get bookmarks max_results: 1 to 100 results (default 10, plan x, track y).` */
function limitText(l: LimitModel): string {
  const range =
    l.bound === 'range'
      ? `${l.min} to ${l.max ?? l.value}`
      : l.bound === 'cap'
        ? `at most ${l.max}`
        : l.bound === 'floor'
          ? `at least ${l.min}`
          : l.min !== undefined
            ? `${l.min} to ${l.value}`
            : `${l.value}`;
  const extra = [l.default !== undefined && `default ${l.default}`, l.plan && `plan ${l.plan}`, l.track && `track ${l.track}`].filter(
    Boolean,
  );
  return `\`${l.constantName}\`: ${l.description ?? l.name}: ${range}${l.unit ? ` ${l.unit}` : ''}${extra.length ? ` (${extra.join(', ')})` : ''}`;
}

/** JSDoc of one argument member. */
export function parameterDoc(param: ParameterModel, key: string): DocLines {
  const lines: DocLines = [param.description];
  if (key !== param.name) lines.push(`The ${param.in} parameter \`${param.name}\` (renamed: another location has the same name).`);
  if (param.deprecated) lines.push('@deprecated');
  return lines;
}
