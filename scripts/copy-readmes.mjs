// Build step: analyzer READMEs ship beside the compiled analyzers (SARIF rule help reads them).
import fs from 'node:fs';
import path from 'node:path';

const src = path.join('src', 'analyzers');
for (const d of fs.readdirSync(src, { withFileTypes: true })) {
  const readme = path.join(src, d.name, 'README.md');
  if (d.isDirectory() && fs.existsSync(readme)) {
    fs.mkdirSync(path.join('dist', 'analyzers', d.name), { recursive: true });
    fs.copyFileSync(readme, path.join('dist', 'analyzers', d.name, 'README.md'));
  }
}

// The text layer's cue lexicons (data, one JSON file per language) ship beside the compiled grammar.
const lex = path.join('src', 'text', 'lexicon');
fs.mkdirSync(path.join('dist', 'text', 'lexicon'), { recursive: true });
for (const f of fs.readdirSync(lex)) if (f.endsWith('.json')) fs.copyFileSync(path.join(lex, f), path.join('dist', 'text', 'lexicon', f));
