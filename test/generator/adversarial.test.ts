/**
 * The adversarial fixture (test/fixtures/specs/adversarial.yaml): hostile descriptions, names, enum values,
 * patterns, defaults, examples and operationIds. Its generated `types` package must
 * - run nothing when imported but its own declarations (no `globalThis.pwned`), and contain nothing else:
 *   every top-level statement is a type or an exported declaration, every value a literal, every comment a closed block;
 * - mean exactly what the spec says: the spec is read here independently (with `yaml`), and the runtime
 *   values and a type-level program generated from it are compared with the output.
 * (Hand-written type-level facts are in test/fixtures/specs/adversarial.check.ts, run by snapshots.test.ts.)
 */
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateResult } from '../../generator/src/pipeline.ts';
import { isIdentifier } from '../../generator/src/codegen/code.ts';
import { fixture } from '../helpers/fixtures.ts';
import { generateResult, writeFiles } from '../helpers/generate.ts';
import { importTypeScript } from '../helpers/import-ts.ts';
import { tempDir } from '../helpers/paths.ts';
import { typecheck, writeProject } from '../helpers/typecheck.ts';

/** No lone surrogates (String.prototype.isWellFormed, which the ES2022 lib does not declare). */
const isWellFormed = (text: string): boolean => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const f = fixture('adversarial');
/** The spec as written, read without the generator's loader. */
const spec: Json = parse(readFileSync(f.spec, 'utf8'));
const components: Record<string, Json> = spec.components.schemas;

let result: GenerateResult;
let mod: Record<string, unknown>;
let sources: Map<string, string>;

beforeAll(async () => {
  result = await generateResult(f.spec, ['types']);
  sources = new Map([...result.files].filter(([p]) => p.startsWith('types/src/')));
  mod = await importTypeScript(sources, 'types/src/index.ts');
});

const typeNameOf = (key: string): string => {
  const named = result.loaded.model.schemas.find((s) => s.key === key);
  if (!named) throw new Error(`no schema ${key} in the model`);
  return named.typeName;
};

describe('adversarial fixture', () => {
  it('the spec really is hostile (a guard against the fixture being tamed by accident)', () => {
    expect(components.Hostile.description).toContain('*/ globalThis.pwned = 1; /*');
    expect(components.Hostile.description).toContain('\u2028');
    expect(components.Hostile.description).toContain('\ud800');
    expect(Object.keys(components.Hostile.properties)).toContain('__proto__');
    expect(components.Quotes.enum).toContain('`${globalThis.pwned = 6}`');
    expect(Object.keys(components)).toEqual(expect.arrayContaining(['class', 'default', 'delete', '123abc', 'foo_bar', 'fooBar', 'foo.bar', '__proto__']));
  });

  it('importing the package runs no injected code and exports only the declared values', () => {
    expect((globalThis as Record<string, unknown>).pwned).toBeUndefined();
    const { model } = result.loaded;
    const expected = new Set<string>(['SPEC', 'LIMITS', ...model.limits.map((l) => l.constantName)]);
    for (const [key, raw] of Object.entries(components)) if (Array.isArray(raw.enum)) expected.add(`${typeNameOf(key)}Values`);
    expect(new Set(Object.keys(mod))).toEqual(expected);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('every top-level statement is a type or an exported declaration, every value a literal, every comment a closed block comment', () => {
    const problems: string[] = [];
    for (const [file, text] of sources) {
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
      const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      for (const statement of source.statements) {
        if (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly) continue;
        if (ts.isExportDeclaration(statement) && !statement.exportClause && statement.moduleSpecifier) continue;
        // Type declarations execute nothing, exported or not (the types target keeps `type NoMembers` local).
        if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) continue;
        const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
        if (!exported) {
          problems.push(`${where(statement)}: not an exported declaration: ${statement.getText().slice(0, 80)}`);
          continue;
        }
        if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const) {
          for (const d of statement.declarationList.declarations) {
            if (!d.initializer || !isLiteralValue(d.initializer)) problems.push(`${where(d)}: not a literal value: ${d.getText().slice(0, 80)}`);
          }
          continue;
        }
        problems.push(`${where(statement)}: unexpected statement: ${statement.getText().slice(0, 80)}`);
      }
      const scanner = ts.createScanner(ts.ScriptTarget.ES2022, false, ts.LanguageVariant.Standard, text);
      for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
        if (token === ts.SyntaxKind.SingleLineCommentTrivia) problems.push(`${file}: a line comment: ${scanner.getTokenText()}`);
        if (token === ts.SyntaxKind.MultiLineCommentTrivia) {
          const comment = scanner.getTokenText();
          if (!comment.endsWith('*/') || comment.slice(2, -2).includes('*/')) problems.push(`${file}: an unterminated comment`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('output files are well-formed Unicode; the TypeScript has no raw line or paragraph separators', () => {
    for (const [file, text] of result.files) {
      expect(isWellFormed(text), file).toBe(true);
      if (file.endsWith('.ts')) expect(/[\u2028\u2029]/.test(text), file).toBe(false);
    }
  });

  it('every enum values array deep-equals the spec (quotes, backslashes, separators, lone surrogates, objects)', () => {
    let compared = 0;
    for (const [key, raw] of Object.entries(components)) {
      if (!Array.isArray(raw.enum)) continue;
      expect(mod[`${typeNameOf(key)}Values`], key).toStrictEqual(raw.enum);
      compared++;
    }
    expect(compared).toBe(5);
    const object = (mod[`${typeNameOf('MixedHostile')}Values`] as unknown[])[5] as Record<string, unknown>;
    expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
    expect(Object.keys(object)).toEqual(['__proto__', '*/']);
    expect(Object.getOwnPropertyDescriptor(object, '__proto__')?.value).toEqual({ polluted: true });
  });

  it('SPEC and LIMITS carry the spec\'s strings exactly; every limit is exported under its constant name', () => {
    expect(mod.SPEC).toEqual({ title: spec.info.title, version: spec.info.version, openapi: spec.openapi });
    expect(mod.LIMITS).toEqual(spec['x-limits']);
    const { limits } = result.loaded.model;
    (mod.LIMITS as unknown[]).forEach((limit, i) => expect(mod[limits[i].constantName], limits[i].name).toBe(limit));
  });

  it('hostile and colliding names become distinct identifiers; operation names that would break objects are changed', () => {
    const { model } = result.loaded;
    const typeNames = model.schemas.map((s) => s.typeName);
    expect(new Set(typeNames).size).toBe(typeNames.length);
    for (const name of typeNames) expect(isIdentifier(name), name).toBe(true);
    expect(new Set([typeNameOf('foo_bar'), typeNameOf('fooBar'), typeNameOf('foo.bar'), typeNameOf('FooBarValues')]).size).toBe(4);
    expect(typeNameOf('FooBarValues')).not.toBe(`${typeNameOf('foo_bar')}Values`);
    expect(typeNameOf('Operations')).not.toBe('Operations');
    const methods = model.operations.map((o) => o.names.method);
    expect(new Set(methods).size).toBe(methods.length);
    for (const m of methods) {
      expect(isIdentifier(m), m).toBe(true);
      expect(['then', '__proto__', 'constructor', 'toString', 'prototype', 'valueOf', 'hasOwnProperty']).not.toContain(m);
    }
    expect(model.operations.map((o) => o.operationId)).toEqual(['then', '__proto__', 'constructor', 'toString', 'repos/get-content', 'delete', 'class']);
  });

  const tmp = tempDir('socialgen-adversarial-');
  afterAll(() => tmp.remove());

  it('a type-level program generated from the spec compiles: exact property keys, required keys, parameter names, enum types', () => {
    const { model } = result.loaded;
    const lines = [
      "import type * as T from './types/src/index.js';",
      'type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;',
      'type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
      // (Not `{} extends Pick<O, K>`: `{}` inherits `constructor` and `toString`, which would make those look required.)
      'type RequiredKeys<O> = { [K in keyof O]-?: Pick<O, K> extends Required<Pick<O, K>> ? K : never }[keyof O];',
    ];
    // Escaped separators keep tsc's line numbers right (it counts a raw U+2028 as a line break).
    const literal = (v: unknown) => JSON.stringify(v).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
    const union = (values: readonly unknown[]) => (values.length ? values.map(literal).join(' | ') : 'never');
    let n = 0;
    for (const [key, raw] of Object.entries(components)) {
      const name = `T.${typeNameOf(key)}`;
      if (raw.type === 'object' && raw.properties) {
        lines.push(`export const keys${n}: Equal<keyof ${name}, ${union(Object.keys(raw.properties))}> = true;`);
        lines.push(`export const required${n}: Equal<RequiredKeys<${name}>, ${union(raw.required ?? [])}> = true;`);
        // Scalar members have exactly their type (optional ones also `undefined`).
        let m = 0;
        for (const [prop, schema] of Object.entries<Json>(raw.properties)) {
          const scalar = ({ string: 'string', integer: 'number', number: 'number', boolean: 'boolean' } as Record<string, string>)[schema.type];
          if (!scalar || schema.enum || schema.const !== undefined || schema.pattern) continue;
          const optional = !(raw.required ?? []).includes(prop);
          lines.push(`export const member${n}_${m++}: Equal<${name}[${literal(prop)}], ${scalar}${optional ? ' | undefined' : ''}> = true;`);
        }
      }
      if (Array.isArray(raw.enum)) lines.push(`export const enum${n}: Mutual<${name}, (typeof T.${typeNameOf(key)}Values)[number]> = true;`);
      if (raw.const !== undefined && typeof raw.const === 'string') lines.push(`export const const${n}: Equal<${name}, ${literal(raw.const)}> = true;`);
      n++;
    }
    for (const op of model.operations) {
      // Per-operation types are reached through the `Operations` map.
      for (const [location, member] of [['query', 'query'], ['header', 'headers'], ['cookie', 'cookies'], ['path', 'pathParams']] as const) {
        const names = op.parameters.filter((p) => p.in === location).map((p) => p.name);
        const rawOp = spec.paths[op.path][op.method];
        const written = (rawOp.parameters ?? []).filter((p: Json) => p.in === location).map((p: Json) => p.name);
        expect(names).toEqual(written);
        if (names.length) lines.push(`export const ${location}${n++}: Equal<keyof T.Operations[${literal(op.names.method)}][${literal(member)}], ${union(names)}> = true;`);
      }
    }
    const dir = path.join(tmp.dir, 'adversarial');
    writeFiles(dir, sources);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'generated-check.ts'), lines.join('\n') + '\n');
    writeProject(tmp.dir, ['adversarial/**/*.ts']);
    const run = typecheck(tmp.dir);
    expect(run.output).toBe('');
    expect(run.ok).toBe(true);
  });
});

/** A literal value as the generator writes them: literals, arrays/objects of literals, `as const`/`satisfies`. */
function isLiteralValue(node: ts.Expression): boolean {
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) return isLiteralValue(node.expression);
  if (ts.isStringLiteral(node) || ts.isNumericLiteral(node)) return true;
  if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword || node.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isPrefixUnaryExpression(node)) return node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand);
  // `LIMITS` lists the limit constants by name.
  if (ts.isIdentifier(node)) return /^[A-Z_][A-Z0-9_]*$/.test(node.text);
  if (ts.isArrayLiteralExpression(node)) return node.elements.every((e) => isLiteralValue(e));
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.every((p) => {
      if (!ts.isPropertyAssignment(p)) return false;
      const keyOk = ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) || ts.isNumericLiteral(p.name) || (ts.isComputedPropertyName(p.name) && ts.isStringLiteral(p.name.expression));
      return keyOk && isLiteralValue(p.initializer);
    });
  }
  return false;
}
