/**
 * The infinite-query options factory of a paginated read (`<m>InfiniteOptions`): its plain code, and the
 * same statement as prettier prints it. The printed form is the document prettier's own TypeScript
 * printer builds for this statement (signature and type arguments, the `as const` key, the options object
 * whose `queryFn` hugs its last argument and whose `getNextPageParam` breaks around a cast), laid out by
 * prettier's document printer at our options, so every width (long names, hostile token strings) is
 * decided as prettier decides it. test/print/query-infinite.test.ts holds it to prettier's output on
 * random shapes.
 */
import type { Codegen } from '../emitter.ts';
import type { Printer } from '../../codegen/printer.ts';

type Doc = Parameters<Printer['print']>[0];

/** Where the next page's token comes from: a member of the page, or an item's member while the page says there is more. */
export type NextToken = { kind: 'token'; next: string[] } | { kind: 'item'; hasMore: string[]; items: string[]; itemToken: string[] };

/** What the statement is made of (pointers as their reference tokens). */
export interface InfiniteShape {
  /** The factory's name (an identifier). */
  name: string;
  /** The client method (an identifier). */
  method: string;
  /** Whether the call's argument may be omitted. */
  optional: boolean;
  /** The call argument's key of the token parameter. */
  tokenKey: string;
  /** The statement's doc comment, as codegen's `docComment` writes it. */
  comment: string;
  next: NextToken;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The statement's plain code (what prettier formats when the printer does not print it). */
export function infiniteOptionsCode(cg: Codegen, s: InfiniteShape): string {
  const { code, ident, lit, objectKey } = cg;
  const m = lit(s.method);
  const call = cg.access(code`client`, s.method);
  const optional = s.optional ? code`?` : code``;
  const argsType = code`ArgsOf<${m}>`;
  const next =
    s.next.kind === 'token'
      ? code`tokenAt(page, ${lit(s.next.next)})`
      : // Parenthesized: the cast is of the whole choice (`a ? b : c as T` casts `c` alone, and `b` is `unknown`).
        code`(tokenAt(page, ${lit(s.next.hasMore)}) === true ? tokenAt(lastOf(tokenAt(page, ${lit(s.next.items)})), ${lit(s.next.itemToken)}) : undefined)`;
  const pageArgs = code`Omit<NonNullable<${argsType}>, ${lit(s.tokenKey)}>`;
  const token = code`NonNullable<NonNullable<${argsType}>[${lit(s.tokenKey)}]>`;
  const infKey = code`readonly [${m}, ${pageArgs}, 'infinite']`;
  return s.comment + code`export function ${ident(s.name)}(
  client: Pick<Client, ${m}>,
  args${optional}: ${pageArgs},
): InfiniteOptionsOf<${m}, ${infKey}, ${token} | undefined> {
  const queryKey = [${m}, args ?? {}, 'infinite'] as const;
  return {
    queryKey: queryKey as DataTag<${infKey}, InfiniteData<DataOf<${m}>, ${token} | undefined>, ErrorOf<${m}>>,
    queryFn: async ({ signal, pageParam }) => await ${call}({ ...args, ${objectKey(s.tokenKey)}: pageParam } as NonNullable<${argsType}>, { signal }),
    initialPageParam: undefined,
    getNextPageParam: (page) => (${next} as ${token} | undefined) ?? undefined,
  };
}`.text;
}

/**
 * The statement as prettier prints it, or `NotPrinted` for a token key prettier might spell otherwise
 * (non-ASCII: prettier unquotes ES5 identifiers; `__proto__`: a computed key).
 */
export function printInfiniteOptions(p: Printer, s: InfiniteShape): string {
  const { group, indent, line, softline, hardline, ifBreak, join, align, lineSuffixBoundary } = p.doc;
  if (!IDENTIFIER.test(s.method) || !IDENTIFIER.test(s.name)) throw new p.NotPrinted('infinite options: name');
  if (/[^\x20-\x7e]/.test(s.tokenKey) || s.tokenKey === '__proto__') throw new p.NotPrinted('infinite options: token key');
  const m = p.string(s.method);
  const tk = p.string(s.tokenKey);
  const key = IDENTIFIER.test(s.tokenKey) || /^(0|[1-9][0-9]{0,14})$/.test(s.tokenKey) ? s.tokenKey : tk;
  const args = (head: string, list: Doc[]) => [head, p.typeArguments(list)];
  const argsOf = `ArgsOf<${m}>`;
  const nonNullArgs = args('NonNullable', [argsOf]);
  const omit = args('Omit', [nonNullArgs, tk]);
  const tuple = () => ['readonly', ' ', p.arrayLiteral([m, omit, "'infinite'"])];
  const tokenType = args('NonNullable', [[...nonNullArgs, '[', tk, ']']]);
  /** `T | undefined` as a type argument (broken: each member on its own line after `| `). */
  const union = () => group([ifBreak('| '), align(2, tokenType), line, '| ', align(2, 'undefined')]);
  /** `T | undefined` after `as`: may move to the next line, indented. */
  const cast = () => group(indent([softline, union()]));
  /** `key: value` in an object, prettier's fluid layout. */
  const member = (name: Doc, value: Doc) => p.fluidAssignment([name, ':'], value);
  const tokenAt = (from: Doc, path: string[]) => {
    const tokens = path.map((t) => p.string(t));
    return ['tokenAt', lineSuffixBoundary, tokens.length ? p.huggedCallArguments([from], p.arrayLiteral(tokens)) : p.callArguments([from, '[]'])];
  };
  const nullish = (left: Doc) => group([left, ' ', group(['??', line, 'undefined'])]);

  const signature = group([
    '(',
    indent([softline, join([',', line], [['client', ':', ' ', 'Pick', p.typeArguments(['Client', m])], ['args', s.optional ? '?' : '', ':', ' ', omit]])]),
    ifBreak(','),
    softline,
    ')',
    ':',
    ' ',
    'InfiniteOptionsOf',
    p.typeArguments([m, tuple(), union()]),
  ]);
  const keyArray = p.arrayLiteral([m, group([group('args'), indent([' ', group(['??', line, '{}'])])]), "'infinite'"]);
  const queryKey = p.fluidAssignment(['queryKey', ' ='], [keyArray, ' as const']);
  const first = [group(['{', indent([line, '...args', ',', line, member(key, 'pageParam')]), ifBreak(','), line, '}']), ' as ', 'NonNullable', p.typeArguments([argsOf])];
  const signal = group(['{', indent([line, 'signal']), ifBreak(','), line, '}']);
  const queryFn = group([
    group(['async ', group(['(', '{', indent([line, 'signal', ',', line, 'pageParam']), ifBreak(','), line, '}', ')'])]),
    ' =>',
    group(indent([line, 'await ', group(['client', '.', s.method, p.huggedCallArguments([first], signal)])])),
  ]);
  const next =
    s.next.kind === 'token'
      ? nullish(group(['(', ...tokenAt('page', s.next.next), ' as ', cast(), ')']))
      : nullish(
          group([
            '((',
            group([
              group([group(tokenAt('page', s.next.hasMore)), ' ', group(['===', line, 'true'])]),
              indent([
                line,
                '? ',
                align(2, tokenAt(['lastOf', lineSuffixBoundary, p.callArguments([tokenAt('page', s.next.items)])], s.next.itemToken)),
                line,
                ': ',
                align(2, 'undefined'),
              ]),
            ]),
            ') as ',
            cast(),
            ')',
          ]),
        );
  const getNext = group([group(group(['(', indent([softline, 'page']), ifBreak(','), softline, ')'])), ' =>', group(indent([line, next]))]);
  const members = [
    member('queryKey', ['queryKey as ', 'DataTag', p.typeArguments([tuple(), ['InfiniteData', p.typeArguments([`DataOf<${m}>`, union()])], `ErrorOf<${m}>`])]),
    member('queryFn', queryFn),
    member('initialPageParam', 'undefined'),
    member('getNextPageParam', getNext),
  ];
  const options = group(['{', indent([line, join([',', line], members)]), ifBreak(','), line, '}'], { shouldBreak: true });
  return p.print([
    p.comment(s.comment),
    'export function ',
    s.name,
    signature,
    ' {',
    indent([hardline, group(['const ', queryKey, ';']), hardline, 'return ', options, ';']),
    hardline,
    '}',
  ]);
}
