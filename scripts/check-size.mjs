// npm run size (and run-e2e.mjs after its build): gzip sizes of what users download, against budgets.
// The widget script is measured whole (it is one file, everything included); the app by what its
// page loads before first paint: the entry script, its module preloads and its stylesheets.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const KB = 1000;
export const BUDGETS = {
  widget: 60 * KB,
  appJs: 100 * KB,
  appCss: 15 * KB,
};

const gzipSize = (path) => gzipSync(readFileSync(path), { level: 9 }).length;

/** The files a built page loads up front: module scripts, module preloads, stylesheets. */
export function initialAssets(html) {
  const js = new Set();
  const css = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url || !url.startsWith('/assets/')) continue;
    if (tag.startsWith('<script') || /rel="modulepreload"/.test(tag)) js.add(url);
    else if (/rel="stylesheet"/.test(tag)) css.add(url);
  }
  return { js: [...js], css: [...css] };
}

export function measure(root = 'dist') {
  const widgetPath = join(root, 'widget', 'parlay-builder.js');
  const indexPath = join(root, 'app', 'index.html');
  for (const path of [widgetPath, indexPath]) {
    if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first.`);
  }
  const assets = initialAssets(readFileSync(indexPath, 'utf8'));
  const sum = (urls) => urls.reduce((total, url) => total + gzipSize(join(root, 'app', url)), 0);
  return [
    { name: 'widget script (dist/widget/parlay-builder.js)', bytes: gzipSize(widgetPath), budget: BUDGETS.widget },
    { name: `app initial JS (${assets.js.length} files)`, bytes: sum(assets.js), budget: BUDGETS.appJs },
    { name: `app CSS (${assets.css.length} files)`, bytes: sum(assets.css), budget: BUDGETS.appCss },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let rows;
  try {
    rows = measure();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  const format = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
  console.log('Size budgets (gzip -9, 1 KB = 1000 bytes):');
  for (const row of rows) {
    const verdict = row.bytes <= row.budget ? 'ok' : 'OVER BUDGET';
    console.log(`  ${row.name.padEnd(48)} ${format(row.bytes).padStart(9)} of ${format(row.budget).padStart(8)}  ${verdict}`);
  }
  const over = rows.filter((row) => row.bytes > row.budget);
  if (over.length > 0) {
    console.error(`Over budget: ${over.map((row) => row.name).join(', ')}. Trim it (lazy-load, drop a dependency) before raising a budget.`);
    process.exit(1);
  }
}
