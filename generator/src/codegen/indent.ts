/**
 * Re-indents generated TypeScript by bracket depth, so output written without prettier (`format: false`)
 * is still readable. It understands exactly what our builder emits: strings and template literals on one
 * line (newlines inside them are always escaped) and block comments (whose text is sanitized).
 */
export function indentCode(text: string, unit = '  '): string {
  const out: string[] = [];
  let depth = 0;
  let inComment = false;
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (!line) {
      out.push('');
      continue;
    }
    if (inComment) {
      out.push(unit.repeat(depth) + (line.startsWith('*') ? ' ' + line : line));
      if (line.includes('*/')) inComment = false;
      continue;
    }
    const { opens, closesFirst, delta, endsInComment } = scan(line);
    const lineDepth = Math.max(0, depth - closesFirst);
    out.push(unit.repeat(lineDepth) + line);
    depth = Math.max(0, depth + delta);
    inComment = endsInComment;
    void opens;
  }
  return out.join('\n');
}

function scan(line: string): { opens: number; closesFirst: number; delta: number; endsInComment: boolean } {
  let delta = 0;
  let opens = 0;
  let closesFirst = 0;
  let leading = true;
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '/' && line[i + 1] === '*') {
      const end = line.indexOf('*/', i + 2);
      if (end < 0) return { opens, closesFirst, delta, endsInComment: true };
      i = end + 1;
      continue;
    }
    if (c === '/' && line[i + 1] === '/') break;
    if (c === '"' || c === "'" || c === '`') {
      quote = c;
      leading = false;
      continue;
    }
    if (c === '{' || c === '(' || c === '[') {
      delta++;
      opens++;
      leading = false;
    } else if (c === '}' || c === ')' || c === ']') {
      delta--;
      if (leading) closesFirst++;
    } else if (c !== ' ' && c !== '\t') leading = false;
  }
  return { opens, closesFirst, delta, endsInComment: false };
}
