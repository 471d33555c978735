import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * docs/configuration.md and .env.example name every environment variable the server and its tools read, and
 * nothing else: a variable added to server/config/config.ts without them, or removed from it and left in them, fails here.
 * The names come from the code's syntax trees (config.ts's `envSchema` object, every `process.env.X` and
 * `import.meta.env.X`), not from a list kept by hand.
 */

const repo = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

/** Where the environment is read: the server, its scripts (npm start, dev, fuzz), and Vite's dev proxy. */
const READER_DIRS = ['server', 'scripts'];
const READER_FILES = ['vite.config.ts'];

/**
 * Documented variables read outside those places, each with the one file that reads it (checked below, so this
 * list cannot outlive the code): the client's build-time settings and the browser tests' Chromium.
 */
const READ_ELSEWHERE: Record<string, string> = {
  VITE_API_BASE_URL: 'src/lib/config.ts',
  VITE_BUILD_ID: 'src/app/providers.tsx',
  CHROMIUM_PATH: 'tests/e2e/support/browser.ts',
};

/** What Vite itself defines on `import.meta.env`: not configuration. */
const VITE_BUILT_INS = new Set(['PROD', 'DEV', 'MODE', 'BASE_URL', 'SSR']);

const sourceOf = (file: string, text = read(file)) =>
  ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** A literal's value as the docs write it (`8080`, `0.05`, `./data`), or undefined for anything else. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isNumericLiteral(node) || ts.isStringLiteralLike(node)) return node.text;
  if (node.kind === ts.SyntaxKind.TrueKeyword) return 'true';
  if (node.kind === ts.SyntaxKind.FalseKeyword) return 'false';
  return undefined;
}

/** The module an identifier of `source` is imported from, as written in its import declaration. */
function importOf(source: ts.SourceFile, name: string): string | undefined {
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => e.name.text === name))
      return statement.moduleSpecifier.text;
  }
  return undefined;
}

type SchemaVariable = { name: string; default: string | undefined };

/**
 * The properties of `const envSchema = z.object({...})` in `text`, each with its default when the schema gives one
 * (`.default(x)`, or `port(x)`): a literal, or a constant imported from a module beside config.ts.
 */
async function configVariables(
  text: string,
  importFrom: (specifier: string) => Promise<Record<string, unknown>> = (specifier) =>
    import(path.join(repo, 'server/config', specifier)) as Promise<Record<string, unknown>>,
): Promise<SchemaVariable[]> {
  const source = sourceOf('server/config/config.ts', text);
  let shape: ts.ObjectLiteralExpression | undefined;
  walk(source, (node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'envSchema' &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      node.initializer.arguments[0] &&
      ts.isObjectLiteralExpression(node.initializer.arguments[0])
    )
      shape = node.initializer.arguments[0];
  });
  if (!shape) throw new Error('server/config/config.ts has no `const envSchema = z.object({...})`');

  const variables: SchemaVariable[] = [];
  for (const property of shape.properties) {
    if (!ts.isPropertyAssignment(property))
      throw new Error(`envSchema: ${property.getText()} is no property`);
    const name =
      ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : '';
    let argument: ts.Expression | undefined;
    walk(property.initializer, (node) => {
      if (!ts.isCallExpression(node) || argument) return;
      const callee = node.expression;
      const isDefault = ts.isPropertyAccessExpression(callee) && callee.name.text === 'default';
      const isPort = ts.isIdentifier(callee) && callee.text === 'port';
      if (isDefault || isPort) argument = node.arguments[0];
    });
    let value = argument && literalText(argument);
    if (argument && value === undefined && ts.isIdentifier(argument)) {
      const specifier = importOf(source, argument.text);
      if (!specifier) throw new Error(`envSchema.${name}: cannot tell the value of ${argument.text}`);
      value = String((await importFrom(specifier))[argument.text]);
    }
    variables.push({ name, default: value });
  }
  return variables;
}

/** Every `process.env.X`, `process.env['X']` and `import.meta.env.X` read in `file`. */
function envReads(file: string): string[] {
  const names: string[] = [];
  walk(sourceOf(file), (node) => {
    let target: ts.Expression | undefined;
    let name: string | undefined;
    if (ts.isPropertyAccessExpression(node)) [target, name] = [node.expression, node.name.text];
    else if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))
      [target, name] = [node.expression, node.argumentExpression.text];
    if (!target || !name || !ts.isPropertyAccessExpression(target) || target.name.text !== 'env') return;
    const owner = target.expression;
    const isProcess = ts.isIdentifier(owner) && owner.text === 'process';
    const isImportMeta = ts.isMetaProperty(owner) && owner.name.text === 'meta';
    if (isProcess || (isImportMeta && !VITE_BUILT_INS.has(name))) names.push(name);
  });
  return names;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
    )
    .map((entry) => path.relative(repo, path.join(entry.parentPath, entry.name)));
}

/** Variable name -> the files reading it, outside config.ts. */
function directReads(): Map<string, string[]> {
  const reads = new Map<string, string[]>();
  for (const file of [...READER_DIRS.flatMap(sourceFiles), ...READER_FILES])
    for (const name of envReads(file)) reads.set(name, [...(reads.get(name) ?? []), file]);
  return reads;
}

/** A row's cells, split on the pipes that are not inside a code span. */
function cells(row: string): string[] {
  const out: string[] = [];
  let cell = '';
  let code = false;
  for (const char of row.trim().replace(/^\||\|$/g, '')) {
    if (char === '`') code = !code;
    if (char === '|' && !code) {
      out.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  out.push(cell.trim());
  return out;
}

const VARIABLE = /^(?:[A-Z][A-Z0-9_]*|[a-z]+_[a-z_]+)$/;
const codeSpans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

type DocRow = { names: string[]; defaultCell: string };

/** The rows of docs/configuration.md's tables: the variables a row's first cell names, and its default cell. */
function documentedRows(markdown: string): DocRow[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line))
    .map(cells)
    .map(([first = '', second = '']) => ({
      names: codeSpans(first).filter((span) => VARIABLE.test(span)),
      defaultCell: second,
    }))
    .filter((row) => row.names.length > 0);
}

type ExampleLine = { name: string; value: string; commented: boolean };

/** `NAME=value` and commented `# NAME=value` lines of .env.example. */
function exampleLines(text: string): ExampleLine[] {
  return text.split('\n').flatMap((line) => {
    const match = /^(#\s?)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    return match ? [{ name: match[2]!, value: match[3]!, commented: match[1] !== undefined }] : [];
  });
}

/** `https_proxy` is the conventional spelling of `HTTPS_PROXY`: .env.example names the upper-case one. */
const exampleName = (name: string) => (/^[a-z]/.test(name) ? name.toUpperCase() : name);

describe('the configuration is documented where an operator looks for it', async () => {
  const schema = await configVariables(read('server/config/config.ts'));
  const inSchema = new Set(schema.map((v) => v.name));
  const reads = directReads();
  const readByCode = new Set([...inSchema, ...reads.keys()]);
  const known = new Set([...readByCode, ...Object.keys(READ_ELSEWHERE)]);
  const rows = documentedRows(read('docs/configuration.md'));
  const documented = rows.flatMap((row) => row.names);
  const example = exampleLines(read('.env.example'));

  it("finds config.ts's variables in its schema, defaults included", () => {
    expect(schema.length).toBeGreaterThan(30);
    expect(schema).toContainEqual({ name: 'PORT', default: '8080' });
    expect(schema).toContainEqual({ name: 'HEAP_GROWTH_PERCENT', default: '50' });
    expect(schema).toContainEqual({ name: 'DATABASE_URL', default: undefined });
  });

  it('would notice a variable added to the schema', async () => {
    const text = read('server/config/config.ts').replace(
      'const envSchema = z.object({',
      'const envSchema = z.object({\n  STORICO_NOT_DOCUMENTED: z.string().default("x"),',
    );
    const names = (await configVariables(text)).map((v) => v.name);
    expect(names).toContain('STORICO_NOT_DOCUMENTED');
    expect(documented).not.toContain('STORICO_NOT_DOCUMENTED');
  });

  it('documents every variable the server and its tools read in docs/configuration.md', () => {
    const missing = [...readByCode].filter((name) => !documented.includes(name));
    expect(missing, 'read by the code, not in docs/configuration.md').toEqual([]);
  });

  it('lists every such variable in .env.example, set or commented out', () => {
    const names = new Set(example.map((line) => line.name));
    const missing = [...readByCode].map(exampleName).filter((name) => !names.has(name));
    expect(missing, 'read by the code, not in .env.example').toEqual([]);
  });

  it('documents nothing the code does not read', () => {
    expect(
      documented.filter((name) => !known.has(name)),
      'in docs/configuration.md only',
    ).toEqual([]);
    expect(
      example.map((line) => line.name).filter((name) => !known.has(name)),
      'in .env.example only',
    ).toEqual([]);
    expect(new Set(documented).size, 'a variable documented twice').toBe(documented.length);
  });

  it('names, for each documented variable read elsewhere, a file that reads it', () => {
    for (const [name, file] of Object.entries(READ_ELSEWHERE)) {
      expect(readByCode.has(name), `${name} is read by the server now: take it off READ_ELSEWHERE`).toBe(
        false,
      );
      expect(envReads(file), `${file} reads ${name}`).toContain(name);
    }
  });

  it("gives config.ts's defaults in the docs and in .env.example", () => {
    for (const variable of schema.filter((v) => v.default !== undefined)) {
      const row = rows.find((r) => r.names.includes(variable.name));
      expect(
        codeSpans(row?.defaultCell ?? ''),
        `default of ${variable.name} in docs/configuration.md`,
      ).toContain(variable.default);
      for (const line of example.filter((l) => l.name === variable.name && !l.commented && l.value !== ''))
        expect(line.value, `${variable.name} in .env.example`).toBe(variable.default);
    }
  });

  it('leaves empty in .env.example only what config.ts reads as unset', () => {
    // config.ts treats an empty value as unset; `process.env.https_proxy ?? ...` elsewhere would take '' as set.
    const empty = example.filter((line) => !line.commented && line.value.trim() === '');
    expect(empty.map((l) => l.name).filter((name) => !inSchema.has(name))).toEqual([]);
  });
});
