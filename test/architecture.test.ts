/**
 * The layout of src/ (issue 17), checked on every run: no import cycle between files; imports go
 * one way through the layers below (a folder imports only from layers beneath its own, never from
 * a peer of its own layer); no source file over 500 lines. The same order is drawn in the README
 * ("Architecture"). The import graph comes from the TypeScript compiler's own pre-parser
 * (`ts.preProcessFile`: static imports, `export ... from`, dynamic `import()`), so comments and
 * strings are never mistaken for imports.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/** Bottom to top. A folder of src/ (or a file at its top, without extension) per entry. */
const LAYERS: readonly (readonly string[])[] = [
  ['errors', 'version', 'probe', 'util', 'settings'], // typed errors, the version; the probe depends on nothing of ours; util: str(), duration(); the environment variables read
  ['db', 'events', 'text'], // SQLite + migrations; the event contract; the language layer
  ['tokens', 'findings'], // token counting, model windows; finding types, ids, redaction
  ['store'], // the evidence store
  ['ingest', 'engine', 'judge'], // log readers into the store; the reference memory engine (stands alone); the optional model judge (issue 33)
  ['analyzers'], // one folder per failure mode
  ['config', 'ci'], // the user's config (names analyzers); the CI gate and baseline
  ['analysis'], // the analysis plan (analyzers, options, models, redaction, floors) and analysis under it
  ['lab'], // replay, chaos, eval: the engine against the analyzers
  ['report'], // reporters (they print lab's replay and eval reports too)
  ['tui'], // the terminal UI
  ['cli'], // commands
];

/**
 * Imports that break the order today, each with the part of issue 17 that removes it. An entry
 * that no longer occurs fails the test: delete it then.
 */
const KNOWN: readonly string[] = [];

/** Import cycles that exist today (sorted file lists), each with the part of issue 17 that removes it. */
const KNOWN_CYCLES: readonly (readonly string[])[] = [];

/** Source files allowed past 500 lines for now (the part of issue 17 that splits them). */
const LONG: Readonly<Record<string, string>> = {
  'src/text/lexicon.ts': 'past 500 once formatted; issue 24 moves the remaining language rules to data',
  'src/text/constraints.ts': 'past 500 once formatted; issue 24 reworks the constraint grammar',
};
const MAX_LINES = 500;

/**
 * Functions allowed past MAX_FUNCTION_LINES ("file name"), each with the
 * reason. An entry that no longer occurs fails the test: delete it then.
 */
const LONG_FUNCTIONS: Readonly<Record<string, string>> = {
  // past 120 lines once the formatter wrapped them (the code did not grow): each goes with the issue that reworks it
  'src/analyzers/tool-drift/index.ts run': 'past 120 once formatted; issue 27 splits analyzers into typed parts',
  'src/engine/writes.ts remember': 'past 120 once formatted; issue 34 reworks extraction and writes',
  'src/ingest/langgraph/map.ts stepEvents': 'past 120 once formatted; issue 30 reworks the LangGraph reader',
  'src/tui/screens/FindingScreen.tsx FindingScreen': 'past 120 once formatted; issue 35 reworks the TUI',
  'src/ingest/otlp/json-stream.ts scanJson':
    'one streaming JSON state machine: its state (stack, string, literal and capture state, spanning chunks) lives in locals of one async generator read byte by byte; split, that state would move into an object read on every byte, and the pieces would read worse than the one loop',
};
const MAX_FUNCTION_LINES = 120;

/** Every function-like node with a body (declarations, methods, arrows, components) longer than max lines, as "file name" -> lines. */
function longFunctions(files: readonly string[], max: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of files) {
    const sf = ts.createSourceFile(f, fs.readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node): void => {
      if (ts.isFunctionLike(n) && 'body' in n && n.body) {
        const from = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
        const to = sf.getLineAndCharacterOfPosition(n.getEnd()).line;
        const name = n.name && !ts.isComputedPropertyName(n.name) ? n.name.getText(sf) : `(anonymous at line ${from + 1})`;
        if (to - from + 1 > max) out.set(`${rel(f)} ${name}`, to - from + 1);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

const SRC = path.join(ROOT, 'src');

function sources(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.split(path.sep).includes('__tests__');
const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join('/');

/** `./x.js` from `file` to the .ts / .tsx / index file it names, or null when it is not ours. */
function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(js|jsx|ts|tsx|mjs)$/, '');
  for (const c of [`${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts')]) if (fs.existsSync(c)) return c;
  return fs.existsSync(base) && fs.statSync(base).isFile() ? base : null;
}

/** The import graph of src/ (non-test files; test helpers under __tests__ excluded too). */
function graph(): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const f of sources(SRC).filter((x) => !isTest(x))) {
    const info = ts.preProcessFile(fs.readFileSync(f, 'utf8'), true, true);
    const to = info.importedFiles.map((i) => resolve(f, i.fileName)).filter((x): x is string => !!x && x.startsWith(SRC + path.sep));
    g.set(f, [...new Set(to)]);
  }
  return g;
}

/** The layer entry of a file: its top folder under src/, or its name for a top-level file. */
function unit(f: string): string {
  const parts = path.relative(SRC, f).split(path.sep);
  return parts.length === 1 ? parts[0].replace(/\.tsx?$/, '') : parts[0];
}

function levelOf(u: string): number {
  return LAYERS.findIndex((l) => l.includes(u));
}

/** Every cycle's files, by Tarjan's strongly connected components (a component of 2+ files, or a self-import). */
function cycles(g: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of g.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (g.get(v) ?? []).includes(v)) out.push(comp.map(rel).sort());
    }
  };
  for (const v of g.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** Imports against the order: to a higher layer, or to a peer folder of the same layer. */
function upward(g: Map<string, string[]>): string[] {
  const bad: string[] = [];
  for (const [from, tos] of g) {
    const a = unit(from);
    for (const to of tos) {
      const b = unit(to);
      if (a === b) continue;
      if (levelOf(b) >= levelOf(a)) bad.push(`${rel(from)} -> ${rel(to)}`);
    }
  }
  return bad.sort();
}

const G = graph();

describe('architecture: the layers of src/', () => {
  it('places every folder and top-level file of src/ in exactly one layer', () => {
    const units = [...new Set(sources(SRC).map(unit))].sort();
    expect(units.filter((u) => levelOf(u) === -1)).toEqual([]);
    const listed = LAYERS.flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.filter((u) => !units.includes(u))).toEqual([]);
  });

  it('reads the import graph (a look-alike in a comment or string is not an import)', () => {
    const engine = G.get(path.join(SRC, 'engine', 'schema.ts'))!.map(rel);
    expect(engine).toContain('src/db/migrate.ts');
    expect(G.get(path.join(SRC, 'cli', 'main.ts'))!.length).toBeGreaterThan(3);
    // the detector itself, on a file it never saw
    const g = new Map([
      ['/a', ['/b']],
      ['/b', ['/c']],
      ['/c', ['/a']],
      ['/d', ['/a']],
    ]);
    expect(cycles(g).map((c) => c.length)).toEqual([3]);
    const text =
      "// import x from './nope.js'\nconst s = \"import y from './nope2.js'\";\nimport z from './real.js';\nexport * from './re.js';\nawait import('./lazy.js');";
    expect(ts.preProcessFile(text, true, true).importedFiles.map((i) => i.fileName)).toEqual(['./real.js', './re.js', './lazy.js']);
  });

  it('has no import cycle', () => {
    const found = cycles(G).map((c) => c.join(' '));
    const known = KNOWN_CYCLES.map((c) => c.join(' '));
    expect(found.filter((c) => !known.includes(c))).toEqual([]);
    expect(known.filter((c) => !found.includes(c))).toEqual([]);
  });

  it('imports only downward: no folder imports a higher layer or a peer of its own layer', () => {
    const bad = upward(G);
    expect(bad.filter((e) => !KNOWN.includes(e))).toEqual([]);
    // an exception that no longer occurs is deleted from KNOWN
    expect(KNOWN.filter((e) => !bad.includes(e))).toEqual([]);
  });

  it('the engine stands alone: it reaches none of analyzers, store, ingest, findings, lab, report, config, ci, tui or cli', () => {
    const seen = new Set<string>();
    const todo = sources(path.join(SRC, 'engine')).filter((f) => !isTest(f));
    while (todo.length) {
      const f = todo.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      todo.push(...(G.get(f) ?? []));
    }
    const reached = [...new Set([...seen].map(unit))].sort();
    // probe: the event contract's Scope / ChatMessage / Usage types are the probe's (type-only: the probe depends on nothing);
    // util: str() and isObject(), which depend on nothing
    expect(reached).toEqual(['db', 'engine', 'events', 'probe', 'text', 'tokens', 'util']);
  });

  it('the README draws the same layers (Architecture: the layers)', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const drawn = [...readme.matchAll(/^ (\d+) {2,}([a-z][a-z ·]*?) {2,}/gm)].map((m) => [Number(m[1]), m[2].split(' · ')] as const);
    expect(drawn.map(([n]) => n)).toEqual(LAYERS.map((_, i) => LAYERS.length - 1 - i));
    expect(drawn.map(([, units]) => units).reverse()).toEqual(LAYERS);
  });

  it(`has no source file over ${MAX_LINES} lines (tests and data excepted)`, () => {
    const long = sources(SRC)
      .filter((f) => !isTest(f))
      .map((f) => [rel(f), fs.readFileSync(f, 'utf8').split('\n').length - 1] as const)
      .filter(([, n]) => n > MAX_LINES);
    expect(long.filter(([f]) => !(f in LONG))).toEqual([]);
    expect(Object.keys(LONG).filter((f) => !long.some(([g]) => g === f))).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines (tests excepted; named exceptions with their reason)`, () => {
    const long = longFunctions(
      sources(SRC).filter((f) => !isTest(f)),
      MAX_FUNCTION_LINES,
    );
    expect([...long.keys()].filter((k) => !(k in LONG_FUNCTIONS))).toEqual([]);
    // an exception that no longer occurs is deleted from LONG_FUNCTIONS
    expect(Object.keys(LONG_FUNCTIONS).filter((k) => !long.has(k))).toEqual([]);
  });

  it('measures functions by the syntax tree (the measurer itself, on a file it never saw)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-fnlen-'));
    try {
      const f = path.join(dir, 'x.ts');
      const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i}; // a } in a comment\n`).join('');
      // long: a declaration (5 + 2 lines), a method, an arrow; short: a long string and a long comment outside functions
      const text = `function long() {\n${body(5)}}\nclass C {\n  m() {\n${body(5)}  }\n}\nconst a = () => {\n${body(5)}};\nfunction short() {\n${body(1)}}\nconst s = \`\n\n\n\n\n\n\n\`;\n/*\n\n\n\n\n\n\n*/\n`;
      fs.writeFileSync(f, text);
      const found = [...longFunctions([f], 6).entries()].map(([k, n]) => [k.split(' ').slice(1).join(' '), n]);
      expect(found).toEqual([
        ['long', 7],
        ['m', 7],
        ['(anonymous at line 17)', 7],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
