import { parse as parseNginx } from 'nginx-conf';
import type { NginxParseTreeNode } from 'nginx-conf/dist/src/parser';

/** A directive of an nginx configuration: its name, its arguments, its block's directives. */
export interface NginxDirective {
  name: string;
  args: string[];
  children: NginxDirective[];
}

/**
 * What nginx-conf's parser lets through and nginx refuses: braces that do not pair, and a
 * directive with no `;` before a `}` or the end of the file. Comments and quoted text are skipped.
 */
export function nginxSyntaxProblem(source: string): string | undefined {
  let depth = 0;
  let statement = '';
  let line = 1;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\n') line += 1;
    if (char === '#') {
      while (i + 1 < source.length && source[i + 1] !== '\n') i += 1;
      continue;
    }
    if (char === '"' || char === "'") {
      const end = source.indexOf(char, i + 1);
      if (end === -1) return `line ${line}: a quote is never closed`;
      statement += source.slice(i, end + 1);
      i = end;
      continue;
    }
    if (char === '{') {
      if (!statement.trim()) return `line ${line}: a block without a directive`;
      depth += 1;
      statement = '';
    } else if (char === '}') {
      if (statement.trim()) return `line ${line}: "${statement.trim()}" does not end with ";"`;
      depth -= 1;
      if (depth < 0) return `line ${line}: "}" closes no block`;
    } else if (char === ';') {
      if (!statement.trim()) return `line ${line}: an empty directive`;
      statement = '';
    } else {
      statement += char;
    }
  }
  if (statement.trim()) return `the last directive "${statement.trim()}" does not end with ";"`;
  if (depth !== 0) return `${depth} block(s) never closed`;
  return undefined;
}

function toDirective(node: NginxParseTreeNode): NginxDirective {
  return {
    name: node.name,
    args: String(node.value ?? '')
      .split(/\s+/)
      .filter(Boolean),
    children: (node.children ?? []).filter((child) => !child.name.startsWith('#')).map(toDirective),
  };
}

/** The configuration's top-level directives, or the parser's error. */
export function parseNginxConfig(source: string): NginxDirective[] {
  let tree: NginxParseTreeNode | undefined;
  let failure: Error | null = null;
  // The parser calls back synchronously.
  parseNginx(source, (error, parsed) => {
    failure = error;
    tree = parsed;
  });
  if (failure || !tree) throw failure ?? new Error('nginx configuration not parsed');
  return toDirective(tree).children;
}

/** Every directive of this name, at any depth. */
export function findDirectives(directives: NginxDirective[], name: string): NginxDirective[] {
  return directives.flatMap((directive) => [
    ...(directive.name === name ? [directive] : []),
    ...findDirectives(directive.children, name),
  ]);
}

/** Every directive's name, at any depth. */
export function directiveNames(directives: NginxDirective[]): string[] {
  return directives.flatMap((directive) => [directive.name, ...directiveNames(directive.children)]);
}

/** `${NAME:-default}` and `${NAME}` as Compose substitutes them from `variables`. */
export function substitute(value: string, variables: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_match, name: string, fallback?: string) =>
    variables[name] ? variables[name] : (fallback ?? ''),
  );
}

/** `KEY=value` lines of an env file (comments and blank lines left out). */
export function readEnvFile(source: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of source.split('\n')) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) values[match[1]] = match[2].trim();
  }
  return values;
}
