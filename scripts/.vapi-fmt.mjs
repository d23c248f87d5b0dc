import * as prettier from 'prettier';
import fs from 'node:fs';
for (const f of process.argv.slice(2)) {
  const t = fs.readFileSync(f, 'utf8');
  const o = await prettier.format(t, { printWidth: 120, tabWidth: 2, useTabs: false, semi: true, singleQuote: true, trailingComma: 'all', bracketSpacing: true, arrowParens: 'always', endOfLine: 'lf', proseWrap: 'preserve', parser: f.endsWith('.md') ? 'markdown' : 'typescript' });
  if (o === t) { console.log(f, 'clean'); continue; }
  const a = t.split('\n'), b = o.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) { console.log(f, i + 1, JSON.stringify(a[i]), '->', JSON.stringify(b[i])); break; }
}
