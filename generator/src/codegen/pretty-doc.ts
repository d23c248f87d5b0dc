/**
 * What every printer of prettier's layout shares (the one printer pretty/ and the client, server and
 * validators module printers): a layout document printed at our options, and string literals spelled as
 * prettier spells them. One place, so the targets cannot drift apart on a quote.
 */
import { builders, printer } from 'prettier/doc';
import { BEYOND_PRINTABLE_ASCII, PRETTIER_OPTIONS } from './layout-options.ts';
import { spelledNames, type ModuleLine } from './module-lines.ts';
import { quoteString } from './quote.ts';

const { group, indent, line, hardline, ifBreak, join } = builders;

/**
 * A shape a printer does not reproduce prettier's output for. Every printer throws this one class, and the
 * module printer (pretty-module.ts) catches it: the statement is then left to prettier.
 */
export class NotPrinted extends Error {}

/** A document as prettier's printer lays it out with our options (no trailing newline). */
export function printDoc(doc: builders.Doc): string {
  return printer.printDocToString(doc, { printWidth: PRETTIER_OPTIONS.printWidth!, tabWidth: PRETTIER_OPTIONS.tabWidth!, useTabs: false } as never).formatted;
}

/**
 * A document with every group flat, as on a line of unlimited width: each line a space, each soft line
 * nothing, each `ifBreak` its flat side. What the printer's one-line form of an expression is; a walk
 * instead of printDocToString, which measures and propagates breaks for nothing here.
 */
export function printFlat(doc: builders.Doc): string {
  const out: string[] = [];
  const walk = (d: builders.Doc): void => {
    if (typeof d === 'string') return void out.push(d);
    if (Array.isArray(d)) return d.forEach(walk);
    switch (d.type) {
      case 'group':
        return walk(d.expandedStates ? d.expandedStates[0]! : d.contents);
      case 'indent': case 'align': case 'line-suffix': case 'label':
        return walk(d.contents);
      case 'indent-if-break':
        return walk((d as unknown as { contents: builders.Doc }).contents);
      case 'fill':
        return d.parts.forEach(walk);
      case 'if-break':
        return walk(d.flatContents);
      case 'line':
        if (d.hard) throw new NotPrinted('a line break in a one-line form');
        return void (d.soft || out.push(' '));
      default:
        return; // break-parent, line-suffix-boundary, trim, cursor: nothing on a flat line
    }
  };
  walk(doc);
  return out.join('');
}

/**
 * What prettier's document printer prints for `doc` standing `indent` columns in, when that is one line:
 * every group of it fits flat (the printer's own test, `fits`), and nothing forces a break (a hard line,
 * a group built broken, a line outside every group). Undefined otherwise: the document printer decides.
 */
export function flatIfFits(doc: builders.Doc, indent: number): string | undefined {
  const out: string[] = [];
  let length = indent;
  const room = PRETTIER_OPTIONS.printWidth!;
  const walk = (d: builders.Doc, grouped: boolean): boolean => {
    if (typeof d === 'string') {
      out.push(d);
      length += d.length;
      // Length is prettier's measure for printable ASCII only (a wide character counts two): other text is the document printer's to measure.
      return length <= room && !BEYOND_PRINTABLE_ASCII.test(d);
    }
    if (Array.isArray(d)) return d.every((part) => walk(part, grouped));
    switch (d.type) {
      case 'group':
        return !d.break && walk(d.expandedStates ? d.expandedStates[0]! : d.contents, true);
      case 'indent': case 'align': case 'label':
        return walk(d.contents, grouped);
      case 'indent-if-break':
        return walk((d as unknown as { contents: builders.Doc }).contents, grouped);
      case 'fill':
        return grouped && d.parts.every((part) => walk(part, grouped));
      case 'if-break':
        return grouped && walk(d.flatContents, grouped);
      case 'line':
        if (d.hard || !grouped) return false;
        if (!d.soft) out.push(' '), length++;
        return length <= room;
      case 'line-suffix-boundary':
        return true;
      default:
        return false; // break-parent, line-suffix, trim, cursor
    }
  };
  return walk(doc, false) ? out.join('') : undefined;
}

/** A string as prettier spells the literal `lit` writes (JSON's escapes, prettier's quote: quote.ts). */
export function prettyString(value: string): string {
  return quoteString(value, 'json');
}

const NAME = '[A-Za-z_$][A-Za-z0-9_$]*';

/**
 * The `{ a, b }` of an import or export (prettier's printModuleSpecifiers), shared by the module lines below
 * and the one printer's import declarations (pretty/statements.ts): on the line when it fits, else one name
 * a line with a trailing comma; a single name never breaks unless `breakable` (beside a default import).
 */
export function namedSpecifiers(names: readonly builders.Doc[], breakable = false): builders.Doc {
  return names.length > 1 || breakable ? group(['{', indent([line, join([',', line], [...names])]), ifBreak(','), line, '}']) : ['{ ', ...names, ' }'];
}

const SPECIFIER = new RegExp(`^(?:type )?${NAME}(?: as ${NAME})?$`);

/**
 * `head{ a, b }tail` standing at the start of a line as prettier prints it (`namedSpecifiers`): on the line
 * when it fits, else one name a line with a trailing comma, a lone name not broken unless `breakable`.
 * Settled as text: a package's index exports thousands of names, which the document printer took tens of
 * milliseconds to lay out one a line. Undefined for text beyond printable ASCII (the document printer
 * measures its width).
 */
export function namedListText(head: string, names: readonly string[], tail: string, breakable = false): string | undefined {
  const flat = `${head}{ ${names.join(', ')} }${tail}`;
  if (BEYOND_PRINTABLE_ASCII.test(head) || BEYOND_PRINTABLE_ASCII.test(tail) || names.some((n) => BEYOND_PRINTABLE_ASCII.test(n))) return undefined;
  if (flat.length <= PRETTIER_OPTIONS.printWidth! || (names.length === 1 && !breakable)) return flat;
  const unit = ' '.repeat(PRETTIER_OPTIONS.tabWidth!);
  return `${head}{\n${unit}${names.join(`,\n${unit}`)},\n}${tail}`;
}

/**
 * An import or export statement from its data (the symbol registry's, module-lines.ts) in prettier's
 * layout: the module in prettier's quotes, a named list that does not fit broken one name a line. A name
 * may be `type X` or `x as y`; anything else throws `NotPrinted`.
 */
export function printModuleLine(line: ModuleLine): string {
  const from = prettyString(line.from);
  if ('star' in line) return `export * from ${from};`;
  const head = `${line.keyword}${line.typeOnly ? ' type' : ''}`;
  if ('namespace' in line) {
    if (!SPECIFIER.test(line.namespace)) throw new NotPrinted('import names');
    return `${head} * as ${line.namespace} from ${from};`;
  }
  const names = spelledNames(line);
  if (!names.length || !names.every((n) => SPECIFIER.test(n))) throw new NotPrinted('import names');
  return namedListText(`${head} `, names, ` from ${from};`) ?? printDoc([head, ' ', namedSpecifiers(names), ' from ', from, ';']);
}

/**
 * A block comment and its line break as prettier re-indents it (`body` is what goes between `/*` and `*\/`,
 * as comment.ts `docCommentBody` writes it): a JSDoc block whose every line starts with `*` has its lines
 * trimmed and put one space right of the opening `/`. Another multi-line block throws `NotPrinted`.
 */
export function blockComment(body: string): builders.Doc {
  const lines = blockCommentLines(body);
  return ['/*', lines.length === 1 ? body : join(hardline, lines), '*/', hardline];
}

/** The lines of a block comment's `body` as `blockComment` lays them out (the first after `/*`, the last before `*\/`). */
export function blockCommentLines(body: string): string[] {
  const lines = body.split('\n');
  if (lines.length === 1) return lines;
  const last = lines.length - 1;
  // Every line but the first starts with `*` once trimmed (the first follows `/*`), and the last too when followed by `*\/`.
  for (let i = 1; i < last; i++) if (!lines[i]!.trimStart().startsWith('*')) throw new NotPrinted('unindentable comment');
  const end = lines[last]!.trimStart();
  if (end && !end.startsWith('*')) throw new NotPrinted('unindentable comment');
  for (let i = 0; i <= last; i++) lines[i] = i === 0 ? lines[i]!.trimEnd() : ' ' + (i < last ? lines[i]!.trim() : lines[i]!.trimStart());
  return lines;
}
