/**
 * Enum value arrays and LIMITS are typed by a written-out tuple (`[...] as never as readonly [...]`, ts-nodes
 * `declaredAs`) instead of an inferred `as const` tuple, to spare consumers' checkers (issue 14). The written
 * type must be exactly what `as const` infers: checked here by TypeScript itself, for hostile strings and
 * awkward numbers (negative, exponent, -0), booleans and null, through the emitter's own builders.
 */
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { asConst, constDeclaration, declaredAs, literalExpression, literalType, readonlyType, tupleType } from '../../generator/src/codegen/ts-nodes.ts';
import { printModule } from '../../generator/src/codegen/ts-print.ts';

const EQUAL = 'type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;';

const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'], types: [] };
/** The lib files, parsed once for every program. */
const libFiles = new Map<string, ts.SourceFile | undefined>();

/** Semantic and syntactic errors of one module, checked strictly with the ES2022 lib. */
function typeErrors(text: string): string[] {
  const host = ts.createCompilerHost(options);
  const original = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) => {
    if (name === '/t.ts') return ts.createSourceFile(name, text, version, true, ts.ScriptKind.TS);
    if (!libFiles.has(name)) libFiles.set(name, original(name, version, ...rest));
    return libFiles.get(name);
  };
  const program = ts.createProgram({ rootNames: ['/t.ts'], options, host });
  const file = program.getSourceFile('/t.ts')!;
  return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

type Primitive = string | number | boolean | null;

/** A module declaring the array both ways and asserting the two types equal (and the values readonly). */
function pairModule(arrays: Primitive[][]): string {
  const statements = arrays.flatMap((values, i) => [
    constDeclaration(`declared${i}`, declaredAs(literalExpression(values), readonlyType(tupleType(values.map((v) => ({ type: literalType(v) })))))),
    constDeclaration(`inferred${i}`, asConst(literalExpression(values))),
  ]);
  const checks = arrays.map((_, i) => `export const same${i}: Equal<typeof declared${i}, typeof inferred${i}> = true;`);
  return [printModule([], statements), EQUAL, ...checks].join('\n');
}

const primitive: fc.Arbitrary<Primitive> = fc.oneof(
  fc.string(),
  fc.constantFrom('*/ x /*', "it's", '`${x}`', '\u2028', '\\', '__proto__', ''),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(-0, 1e21, -3, 0.1, 5e-324),
  fc.boolean(),
  fc.constant(null),
);

describe('declared value arrays type exactly as `as const` infers', () => {
  it('for the fixture shapes and edge values', () => {
    const text = pairModule([['a', 'b'], [1, 2.5, -3, 0, 1e21, 0.1], [true], [null], ['on', 'off', null], [], ["'\"`", '*/', '${x}', '\u2028']]);
    expect(typeErrors(text), text).toEqual([]);
  });

  it('for any array of primitive values (property-based)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(primitive, { maxLength: 6 }), { minLength: 1, maxLength: 8 }), (arrays) => {
        const text = pairModule(arrays);
        expect(typeErrors(text), text).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });

  it('a wrong written-out type is a type error (the check above can fail)', () => {
    const text = [printModule([], [
      constDeclaration('declared', declaredAs(literalExpression(['a', 'b']), readonlyType(tupleType([{ type: literalType('a') }, { type: literalType('c') }])))),
      constDeclaration('inferred', asConst(literalExpression(['a', 'b']))),
    ]), EQUAL, 'export const same: Equal<typeof declared, typeof inferred> = true;'].join('\n');
    expect(typeErrors(text).join('\n')).toMatch(/not assignable/);
  });
});
