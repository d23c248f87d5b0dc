/**
 * JSDoc of the generated methods and argument members. Returns lines of text; `docComment` (codegen)
 * sanitizes them, so spec text cannot leave the comment.
 */
import { followsText } from '../../model/pagination.ts';
import { tagAncestors } from '../../model/tags.ts';
import type { ApiModel, LimitModel, OperationModel, ParameterModel } from '../../model/types.ts';
import { describeScheme, limitsFor } from './model-helpers.ts';

export type DocLines = (string | undefined | false)[];

/** Lines of a method's JSDoc: summary, description, route, groups, responses, security and scopes, limits, behaviour, deprecation. */
export function operationDoc(model: ApiModel, op: OperationModel, kind: 'call' | 'stream' | 'paginate'): DocLines {
  const lines: DocLines = [];
  if (op.summary) lines.push(op.summary);
  if (op.description && op.description !== op.summary) lines.push('', op.description);
  lines.push('', `\`${op.httpMethod} ${op.path}\` (operation \`${op.operationId}\`)`);
  const groups = groupsDoc(model, op);
  if (groups.length) lines.push('', ...groups);
  const summaries = op.responses.filter((r) => r.summary !== undefined);
  if (summaries.length) lines.push('', 'Responses:', ...summaries.map((r) => `- \`${r.status}\`: ${r.summary}`));
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
  const legacy = deprecatedAuth(model, op);
  if (legacy.length && !op.deprecated) lines.push('', `@deprecated Every authentication this operation accepts is deprecated (${legacy.map((n) => `\`${n}\``).join(', ')}).`);
  if (op.deprecated) {
    const since = op.deprecatedAt ? ` Deprecated since ${op.deprecatedAt}.` : '';
    const sunset = op.sunset ? ` Sunset: ${op.sunset}.` : '';
    lines.push('', `@deprecated The API deprecates this operation.${since}${sunset}`);
  }
  return lines;
}

/**
 * `Group: Media › Uploads`: where the operation's tags sit in the OAS 3.2 tag hierarchy (by `parent`, each
 * by its `summary` or name). Only for a spec whose tags use `parent` or `summary`: plain tag names are
 * already the operation's `tags`.
 */
function groupsDoc(model: ApiModel, op: OperationModel): string[] {
  if (!model.tags.some((t) => t.parent !== undefined || t.summary !== undefined)) return [];
  const byName = new Map(model.tags.map((t) => [t.name, t]));
  return op.tags.map((name) => {
    const chain = [...tagAncestors(model.tags, name).reverse(), byName.get(name) ?? { name }];
    const kind = byName.get(name)?.kind;
    return `Group: ${chain.map((t) => ('summary' in t && t.summary) || t.name).join(' › ')}${kind && kind !== 'nav' ? ` (${kind})` : ''}`;
  });
}

/** The deprecated schemes an operation's authentication needs when every alternative needs one (else none). */
function deprecatedAuth(model: ApiModel, op: OperationModel): string[] {
  const alternatives = op.security.filter((r) => Object.keys(r).length > 0);
  if (!alternatives.length || alternatives.length < op.security.length) return [];
  const deprecated = new Set(model.securitySchemes.filter((s) => s.deprecated).map((s) => s.name));
  if (!alternatives.every((r) => Object.keys(r).some((n) => deprecated.has(n)))) return [];
  return [...new Set(alternatives.flatMap((r) => Object.keys(r).filter((n) => deprecated.has(n))))];
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
