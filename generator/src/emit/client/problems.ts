/**
 * `src/problems.ts`: the problem variants of the spec by slug. A variant is a named schema carrying
 * `x-problem-slug`; its `type` member is matched by its `const` (exact) or `pattern` (a RegExp built with
 * the codegen's `regex`), falling back to a `/<slug>` suffix.
 */
import type { Code } from '../../codegen/index.ts';
import * as n from '../../codegen/ts-nodes.ts';
import { interfaceDeclaration, propertySignature, qualifiedTypeRef } from '../../codegen/ts-nodes.ts';
import type { ApiModel, NamedSchema, Schema } from '../../model/types.ts';
import { moduleLineText, namedLine, namespaceImport } from '../../codegen/module-lines.ts';
import { printModuleLine } from '../../codegen/pretty-doc.ts';
import { assemble, nodePart, part, type PrintedFile } from './pretty.ts';

export interface ProblemVariant {
  slug: string;
  typeName: string;
  /** Exact `type` value, or a pattern its `type` matches. */
  match: { exact: string } | { pattern: string };
}

/** The `type` member's schema of a variant: its own, or from an inline `allOf` member; const/pattern ones first. */
function typeMember(schema: Schema, depth = 0): { const?: unknown; pattern?: string } | undefined {
  if (typeof schema !== 'object' || depth > 4) return undefined;
  const own = schema.properties?.type;
  const candidates = [own, ...(schema.allOf ?? []).map((s) => typeMember(s, depth + 1))];
  for (const c of candidates) {
    if (c && typeof c === 'object' && (typeof c.const === 'string' || typeof c.pattern === 'string'))
      return c as { const?: unknown; pattern?: string };
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

export function problemVariants(model: ApiModel): ProblemVariant[] {
  const out: ProblemVariant[] = [];
  const seen = new Set<string>();
  for (const s of model.schemas as NamedSchema[]) {
    if (typeof s.schema !== 'object') continue;
    const slug = s.schema['x-problem-slug'];
    if (typeof slug !== 'string' || seen.has(slug)) continue;
    seen.add(slug);
    const t = typeMember(s.schema);
    const match =
      typeof t?.const === 'string'
        ? { exact: t.const }
        : typeof t?.pattern === 'string'
          ? { pattern: t.pattern }
          : { pattern: `(^|/)${escapeRegExp(slug)}$` };
    out.push({ slug, typeName: s.typeName, match });
  }
  return out;
}

/** `'x'` or `new RegExp('…', 'u')`: the pattern with the `u` flag when it compiles with it. */
function flagsOf(pattern: string): string {
  try {
    new RegExp(pattern, 'u');
    return 'u';
  } catch {
    return '';
  }
}

/** The exact `type`, or `new RegExp('…', 'u')` (the pattern checked here, at generation time). */
function matcher(match: ProblemVariant['match']): n.Expression {
  if ('exact' in match) return n.literalExpression(match.exact);
  const flags = flagsOf(match.pattern);
  new RegExp(match.pattern, flags);
  return n.newExpression(n.valueRef('RegExp'), [n.literalExpression(match.pattern), n.literalExpression(flags)]);
}

const TABLE_DOC = ["How each variant's `type` is recognised: exact value, or a pattern (the problem base URL is not fixed)."];

/** `readonly (readonly [ProblemSlug, string | RegExp])[]` */
const tableType = () =>
  n.readonlyType(n.arrayType(n.readonlyType(n.tupleType([{ type: n.typeRef('ProblemSlug') }, { type: n.unionType([n.keywordType('string'), n.typeRef('RegExp')]) }]))));

const isApiError = (value: string) => n.binary(n.valueRef(value), 'instanceof', n.valueRef('ApiError'));
const variantOf = () => n.indexedAccessType(n.typeRef('ProblemTypes'), n.typeRef('S'));

/**
 * `export function <name><S extends ProblemSlug>(<subject>: unknown, slug: S): <subject> is <narrowed>`, true
 * when `kind` holds of the subject and its slug is `slug`.
 */
function slugPredicate(name: string, subject: string, narrowed: n.TypeNode, kind: n.Expression, doc: string[]): n.Statement {
  const signature = {
    typeParameters: [{ name: 'S', constraint: n.typeRef('ProblemSlug') }],
    parameters: [
      { name: subject, type: n.keywordType('unknown') },
      { name: 'slug', type: n.typeRef('S') },
    ],
    returns: n.typePredicate(subject, narrowed),
  };
  const slugIs = n.binary(n.callExpression(n.valueRef('problemSlug'), [n.valueRef(subject)]), '===', n.valueRef('slug'));
  return n.functionDeclaration(name, signature, [n.returnStatement(n.binary(kind, '&&', slugIs))], doc);
}

/**
 * `problemSlug`, `isProblem` and `matchesProblem`: the runtime's matcher (runtime/problems.ts) bound to the
 * spec's table and typed by its variants.
 */
function functions(): n.Statement[] {
  const problemSlug = n.functionDeclaration(
    'problemSlug',
    { parameters: [{ name: 'value', type: n.keywordType('unknown') }], returns: n.unionType([n.typeRef('ProblemSlug'), n.keywordType('undefined')]) },
    [n.returnStatement(n.callExpression(n.valueRef('slugOfProblem'), [n.valueRef('PROBLEM_TYPES'), n.valueRef('value')]))],
    ["The slug of a problem object, or of an `ApiError`'s problem, from its `type`."],
  );
  const withProblem = n.intersectionType([n.typeRef('ApiError'), n.typeLiteral([n.propertySignature('problem', variantOf())], { singleLine: true })]);
  const isProblem = slugPredicate('isProblem', 'error', withProblem, isApiError('error'), [
    'True when `error` is an `ApiError` whose body is the problem variant `slug`; narrows `error.problem`',
    'to that variant and its extra members.',
  ]);
  const matchesProblem = slugPredicate('matchesProblem', 'problem', variantOf(), n.not(isApiError('problem')), [
    "True when a problem object (e.g. an item of a success body's `errors`) is the variant `slug`.",
  ]);
  return [problemSlug, isProblem, matchesProblem];
}

export function emitProblems(model: ApiModel, typesPackage: string, header: Code): PrintedFile {
  const variants = problemVariants(model);
  const example = variants.find((v) => v.slug !== 'about:blank')?.slug;
  const doc = [`The problem variants of the API by slug (\`x-problem-slug\`)${example ? `, e.g. \`isProblem(err, ${JSON.stringify(example)})\`` : ''}.`];
  const types = interfaceDeclaration('ProblemTypes', variants.map((v) => propertySignature(v.slug, qualifiedTypeRef('T', v.typeName))), doc);
  const rows = n.arrayLiteral(variants.map((v) => n.arrayLiteral([n.literalExpression(v.slug), matcher(v.match)])));
  const table = nodePart(n.variable('const', 'PROBLEM_TYPES', rows, { type: tableType(), doc: TABLE_DOC }));
  const typesImport = namespaceImport('T', typesPackage, true);
  const lines = [...(variants.length ? [typesImport] : []), namedLine('import', ['ApiError'], './runtime/errors.js'), namedLine('import', ['slugOfProblem'], './runtime/problems.js')];
  const imports = lines.map((line) => part(() => printModuleLine(line), () => moduleLineText(line)));
  return assemble(header.text, imports, [nodePart(types), nodePart(n.typeAlias('ProblemSlug', n.keyofType(n.typeRef('ProblemTypes')))), table, ...functions().map(nodePart)]);
}
