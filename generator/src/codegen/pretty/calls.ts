/** Calls and member chains: prettier's printCallArguments (the last argument hugged) and the member-chain test. */
import { ts } from '../typescript.mjs';
import { builders, utils } from 'prettier/doc';
import { PRETTIER_OPTIONS } from '../layout-options.ts';
import { NotPrinted } from '../pretty-doc.ts';
import { type D, K, unhandled } from './base.ts';
import { expression, hasComments, memberExpression, operand, strip } from './expressions.ts';
import { arrowFunction } from './functions.ts';
import { typeArguments } from './types.ts';

const { group, indent, line, softline, hardline, ifBreak, join, breakParent, conditionalGroup, label } = builders;

/** prettier's label on a member chain it lays out in full (not merged into one line): a member of it stays on its line in a declarator's value. */
export const MEMBER_CHAIN = { memberChain: true };

type ChainLink = ts.CallExpression | ts.NewExpression | ts.PropertyAccessExpression | ts.ElementAccessExpression;

/**
 * A member access or call. prettier prints a chain of one call group after its head (`a.b(x)`,
 * `import(m).then(f)`), or two after a head it merges with the first (`Object.keys(o).map(f)`), on one line,
 * its arguments breaking; two after any other head on one line when that fits, else one group a line
 * (memberChain); longer chains get prettier's full member-chain layout: not reproduced.
 */
export function memberOrCall(node: ChainLink): D {
  if (ts.isCallExpression(node) && (ts.isPropertyAccessExpression(strip(node.expression)) || ts.isElementAccessExpression(strip(node.expression)))) {
    const groups = chainGroups(node);
    if (groups > 2) unhandled('member chain');
    return groups === 2 ? memberChain(node) : group(link(node));
  }
  // A lone `import(…)` lays out as prettier's ImportExpression, not as a call: reproduced only as a chain's head (`import(m).then(f)`).
  if (ts.isCallExpression(node) && node.expression.kind === K.ImportKeyword) unhandled('lone dynamic import');
  // A curried call (`f(a)(b)`): prettier breaks the longer argument list first; not reproduced.
  if (ts.isCallExpression(node) && ts.isCallExpression(strip(node.expression))) unhandled('curried call');
  return link(node);
}

/** A link of a chain printed with what it hangs on; `calledBy`: the call whose callee the link is (`f(a, b)` of `f(a, b)(c)`). */
function link(node: ts.Expression, calledBy?: ts.CallExpression): D {
  node = strip(node);
  if (ts.isPropertyAccessExpression(node)) {
    if (!ts.isIdentifier(node.name)) unhandled('private name');
    return [object(node.expression, node), node.questionDotToken ? '?.' : '.', node.name.text];
  }
  if (ts.isElementAccessExpression(node)) {
    const key = strip(node.argumentExpression);
    const optional = node.questionDotToken ? '?.' : '';
    return [object(node.expression, node), ts.isNumericLiteral(key) ? [optional, '[', expression(key), ']'] : group([optional, '[', indent([softline, expression(key)]), softline, ']'])];
  }
  if (ts.isCallExpression(node)) {
    if (node.questionDotToken) unhandled('optional call');
    const callee = node.expression.kind === K.ImportKeyword ? 'import' : object(node.expression, node);
    // prettier's isLongCurriedCallChain: a call with more arguments than the call of its result (which has
    // some) leaves its argument list ungrouped, so it breaks with the group around the chain, first.
    const curried = calledBy !== undefined && calledBy.arguments.length > 0 && node.arguments.length > calledBy.arguments.length;
    // prettier prints `import('m')` and `require('m')` as a unit: its call printer's case for module names, no group around the argument.
    if (moduleNameCall(node)) return [callee, typeArgumentsOfCall(node.typeArguments), '(', expression(strip(node.arguments[0]!), 'argument'), ')'];
    return [callee, typeArgumentsOfCall(node.typeArguments), callArguments(node.arguments, node.expression.kind === K.ImportKeyword, curried)];
  }
  if (ts.isNewExpression(node)) return ['new ', object(node.expression, node), typeArgumentsOfCall(node.typeArguments), callArguments(node.arguments ?? ts.factory.createNodeArray(), false)];
  return expression(node);
}

/** Callees whose one string argument prettier keeps on the call's line: a module name loaded or resolved. */
const MODULE_CALLEES = new Set(['require', 'require.resolve', 'require.resolve.paths', 'import.meta.resolve']);

/** A dynamic import or a `require`-like call of one string literal, without comments. */
function moduleNameCall(node: ts.CallExpression): boolean {
  if (node.arguments.length !== 1 || !ts.isStringLiteral(strip(node.arguments[0]!)) || hasComments(node.arguments[0]!)) return false;
  return node.expression.kind === K.ImportKeyword || MODULE_CALLEES.has(dottedName(node.expression) ?? '');
}

/** `a.b.c` of a chain of plain names (`import.meta` included); undefined for anything else. */
function dottedName(node: ts.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isMetaProperty(node)) return node.keywordToken === K.ImportKeyword ? `import.${node.name.text}` : undefined;
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.name)) {
    const head = dottedName(node.expression);
    return head === undefined ? undefined : `${head}.${node.name.text}`;
  }
  return undefined;
}

export function object(node: ts.Expression, parent: ts.Expression): D {
  const inner = strip(node);
  if (ts.isCallExpression(inner) && inner.expression.kind === K.ImportKeyword && !ts.isPropertyAccessExpression(parent)) unhandled('lone dynamic import');
  // prettier's member chains treat `a!.b` as a link of their own (printMemberChain): not reproduced.
  if (ts.isNonNullExpression(inner)) unhandled('non-null assertion in a chain');
  // An optional chain the parent does not continue is bracketed: `(a?.b).c`.
  // Inside the brackets it is a member expression of its own, which may break before its last `.`/`?.` (seed 4 of test/print/node-trees.test.ts).
  if (ts.isOptionalChain(inner) && !ts.isOptionalChain(parent)) {
    const member = ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner);
    return ['(', member && !hasComments(inner) ? memberExpression(inner, false) : chainLink(inner, parent), ')'];
  }
  return chainLink(inner, parent);
}

function chainLink(inner: ts.Expression, parent: ts.Expression): D {
  // prettier breaks the closing bracket of a conditional before a member (`(a ? b : c).d`), and moves the
  // comments of a chain's links: not reproduced.
  if (ts.isConditionalExpression(inner)) unhandled('conditional object');
  if (hasComments(inner)) unhandled('comment in a chain');
  if (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner)) return link(inner);
  if (ts.isCallExpression(inner)) return link(inner, ts.isCallExpression(parent) && strip(parent.expression) === inner ? parent : undefined);
  return operand(inner, parent, 'object');
}

function typeArgumentsOfCall(args: ts.NodeArray<ts.TypeNode> | undefined): D {
  if (!args?.length) return '';
  return typeArguments(args);
}

/**
 * A chain of a head and two call groups (`client.get(args).withResponse()`, `client.paginate.list(args).items()`),
 * as prettier's printMemberChain lays it out: merged into one line after a factory-like head (a capitalized
 * name, `this`); else on one line when that fits (up to a line its arguments must break at), else each group
 * on a line of its own under the head. Optional chains and comments inside the chain are not reproduced.
 */
function memberChain(node: ts.CallExpression): D {
  const links: ts.Expression[] = [];
  let at: ts.Expression = node;
  while (ts.isCallExpression(at) || ts.isPropertyAccessExpression(at) || ts.isElementAccessExpression(at)) {
    if (ts.isOptionalChain(at) || hasComments(at) || (ts.isCallExpression(at) && at.expression.kind === K.ImportKeyword)) unhandled('member chain');
    links.unshift(at);
    at = strip(at.expression);
  }
  // The head: the innermost expression, the calls and computed accesses right after it, then members followed by members.
  let i = 0;
  while (i < links.length && (ts.isCallExpression(links[i]!) || ts.isElementAccessExpression(links[i]!))) i++;
  if (!ts.isCallExpression(at)) while (i + 1 < links.length && !ts.isCallExpression(links[i]!) && !ts.isCallExpression(links[i + 1]!)) i++;
  const rest: ts.Expression[][] = [];
  let seenCall = false;
  for (const l of links.slice(i)) {
    if (seenCall && !ts.isCallExpression(l)) {
      if (!(ts.isElementAccessExpression(l) && ts.isLiteralExpression(strip(l.argumentExpression)))) (rest.push([]), (seenCall = false));
    }
    if (!rest.length) rest.push([]);
    if (ts.isCallExpression(l)) seenCall = true;
    rest[rest.length - 1]!.push(l);
  }
  const calls = links.filter(ts.isCallExpression);
  if (rest.length !== 2 || calls.length > 2) unhandled('member chain');
  // prettier's shouldMerge: a head of `this` or a factory-like name (a short name only in an expression statement: not reproduced).
  const factory = (name: string) => /^[A-Z]|^[$_]+$/.test(name);
  const computedNext = ts.isElementAccessExpression(rest[0]![0]!);
  const lastHead = i > 0 ? links[i - 1]! : at;
  if (i === 0 && ts.isIdentifier(at) && !factory(at.text) && !computedNext && at.text.length <= PRETTIER_OPTIONS.tabWidth!) unhandled('short chain head');
  const merged = i === 0
    ? at.kind === K.ThisKeyword || (ts.isIdentifier(at) && (factory(at.text) || computedNext))
    : ts.isPropertyAccessExpression(lastHead) && ts.isIdentifier(lastHead.name) && (factory(lastHead.name.text) || computedNext);
  const head: D = i > 0 ? link(lastHead) : object(at, links[0]!);
  const printed = rest.map((g) => g.map((l, j) => ownPart(l, g[j + 1])));
  const oneLine: D[] = [head, ...printed];
  if (merged) return group(oneLine);
  const expanded: D = [head, indent([hardline, join(hardline, printed)])];
  // A group before the last that must break, or a last call that breaks after an earlier one took a function: one group a line.
  const functionArgument = calls.slice(0, -1).some((c) => c.arguments.some((a) => ts.isArrowFunction(strip(a)) || ts.isFunctionExpression(strip(a))));
  const lastBreaks = ts.isCallExpression(links[links.length - 1]!) && utils.willBreak(printed[1]!);
  if ([head, printed[0]!].some((d) => utils.willBreak(d)) || (lastBreaks && functionArgument)) return label(MEMBER_CHAIN, group(expanded));
  return label(MEMBER_CHAIN, [utils.willBreak(oneLine) ? breakParent : '', conditionalGroup([oneLine, expanded])]);
}

/** One link of a chain without what it hangs on: `.name`, `[key]`, `(args)`; `next`: the link after it. */
function ownPart(node: ts.Expression, next?: ts.Expression): D {
  if (ts.isPropertyAccessExpression(node)) return ts.isIdentifier(node.name) ? ['.', node.name.text] : unhandled('private name');
  if (ts.isElementAccessExpression(node)) {
    const key = strip(node.argumentExpression);
    return ts.isNumericLiteral(key) ? ['[', expression(key), ']'] : group(['[', indent([softline, expression(key)]), softline, ']']);
  }
  if (ts.isCallExpression(node)) {
    // A long curried call's argument list is not a group of its own (`link`).
    const curried = next !== undefined && ts.isCallExpression(next) && next.arguments.length > 0 && node.arguments.length > next.arguments.length;
    return [typeArgumentsOfCall(node.typeArguments), callArguments(node.arguments, false, curried)];
  }
  return unhandled(K[node.kind]);
}

/** prettier's member-chain groups after the head (printMemberChain's `groups`): a call group starts at each member access that a call follows. */
export function chainGroups(node: ts.Expression): number {
  // Flatten: head first.
  const links: ts.Expression[] = [];
  let at: ts.Expression = strip(node);
  while (ts.isCallExpression(at) || ts.isPropertyAccessExpression(at) || ts.isElementAccessExpression(at)) {
    links.unshift(at);
    if (ts.isCallExpression(at) && at.expression.kind === K.ImportKeyword) break;
    at = strip(at.expression);
  }
  // The head: the first node, the calls and computed accesses right after it, and (when it is not a call) members followed by members.
  let i = 1;
  const kinds = links.map((l) => (ts.isCallExpression(l) ? 'call' : ts.isElementAccessExpression(l) ? 'computed' : 'member'));
  const headIsCall = ts.isCallExpression(links[0]!) && links[0]!.expression.kind === K.ImportKeyword;
  if (headIsCall) i = 1;
  else {
    i = 0;
    while (i < kinds.length && (kinds[i] === 'call' || kinds[i] === 'computed')) i++;
    if (!ts.isCallExpression(at)) while (i + 1 < kinds.length && kinds[i] !== 'call' && kinds[i + 1] !== 'call') i++;
  }
  let groups = 0;
  let open = false;
  for (; i < kinds.length; i++) {
    if (kinds[i] === 'call') {
      open = false;
      continue;
    }
    if (!open) groups++, (open = true);
  }
  return groups;
}

/**
 * prettier's printCallArguments for the argument kinds the builder makes: the last object, array or arrow
 * hugged when it may be. `ungrouped`: the plain list is not a group of its own (a long curried call's).
 */
function callArguments(args: ts.NodeArray<ts.Expression>, dynamicImport: boolean, ungrouped = false): D {
  if (!args.length) return '()';
  const nodes = args.map(strip);
  if (nodes.length === 2 && ts.isArrowFunction(nodes[0]!) && ts.isBlock(nodes[0]!.body)) unhandled('first argument expansion');
  const printed = nodes.map((a) => expression(a, 'argument'));
  const comma = dynamicImport ? '' : ',';
  const separated = printed.map((p, i) => (i < printed.length - 1 ? [p, ',', line] : p));
  const allBroken = () => group(['(', indent([line, ...separated]), comma, line, ')'], { shouldBreak: true });
  if (functionComposition(nodes)) return allBroken();
  if (expandsLast(nodes)) {
    const head = separated.slice(0, -1);
    if (head.some((p) => utils.willBreak(p))) return allBroken();
    const last = nodes[nodes.length - 1]!;
    let expanded: D;
    try {
      expanded = ts.isArrowFunction(last) ? arrowFunction(last, true) : printed[printed.length - 1]!;
    } catch (error) {
      if (error instanceof NotPrinted && error.message === 'expanded parameters') return allBroken();
      throw error;
    }
    if (utils.willBreak(expanded)) return [breakParent, conditionalGroup([['(', ...head, group(expanded, { shouldBreak: true }), ')'], allBroken()])];
    return conditionalGroup([['(', ...head, expanded, ')'], ['(', ...head, group(expanded, { shouldBreak: true }), ')'], allBroken()]);
  }
  const contents = ['(', indent([softline, ...separated]), ifBreak(comma), softline, ')'];
  return ungrouped ? contents : group(contents, { shouldBreak: printed.some((p) => utils.willBreak(p)) });
}

/**
 * prettier's isFunctionCompositionArgs: two function arguments, or a call argument (under its `!`, if any)
 * that takes a function. A `new` is no call there: `f(new G(() => {}), a)` stays on its line.
 */
function functionComposition(args: readonly ts.Expression[]): boolean {
  if (args.length < 2) return false;
  let functions = 0;
  for (const arg of args) {
    let call = arg;
    while (ts.isNonNullExpression(call) || ts.isParenthesizedExpression(call)) call = call.expression;
    if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) {
      if (++functions > 1) return true;
    } else if (ts.isCallExpression(call) && call.arguments.some((a) => ts.isArrowFunction(strip(a)) || ts.isFunctionExpression(strip(a)))) return true;
  }
  return false;
}

/** prettier's shouldExpandLastArg + couldExpandArg. */
function expandsLast(args: readonly ts.Expression[]): boolean {
  const last = args[args.length - 1]!;
  const penultimate = args[args.length - 2];
  if (!couldExpand(last)) return false;
  if (penultimate && penultimate.kind === last.kind) return false;
  if (args.length === 2 && penultimate && ts.isArrowFunction(penultimate) && ts.isArrayLiteralExpression(last)) return false;
  if (args.length > 1 && ts.isArrayLiteralExpression(last) && conciseArray(last)) return false;
  return true;
}

function couldExpand(arg: ts.Expression, arrowChain = false): boolean {
  if (ts.isObjectLiteralExpression(arg)) return arg.properties.length > 0;
  if (ts.isArrayLiteralExpression(arg)) return arg.elements.length > 0;
  if (ts.isAsExpression(arg) || ts.isSatisfiesExpression(arg)) return couldExpand(strip(arg.expression));
  if (ts.isArrowFunction(arg)) {
    const body = ts.isBlock(arg.body) ? arg.body : strip(arg.body);
    if (ts.isBlock(body) || ts.isObjectLiteralExpression(body) || ts.isArrayLiteralExpression(body)) return true;
    if (ts.isArrowFunction(body) && couldExpand(body, true)) return true;
    if (!arrowChain && (ts.isConditionalExpression(body) || ts.isCallExpression(body) || ts.isNewExpression(body) && false)) return true;
  }
  return false;
}

/** prettier's isConciselyPrintedArray: two or more numbers, filled like prose. */
export function conciseArray(node: ts.ArrayLiteralExpression): boolean {
  const numeric = (e: ts.Expression) => ts.isNumericLiteral(e) || (ts.isPrefixUnaryExpression(e) && (e.operator === K.MinusToken || e.operator === K.PlusToken) && ts.isNumericLiteral(e.operand));
  return node.elements.length > 1 && node.elements.every((e) => numeric(strip(e)));
}
