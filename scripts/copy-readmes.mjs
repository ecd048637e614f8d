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
