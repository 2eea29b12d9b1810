// npm run size (and run-e2e.mjs after its build): gzip sizes of what users download, against budgets.
// The widget by what a host page loads before it first paints (the classic script, the module it
// imports, and that module's static imports) and by everything it can ever load; the app by what
// its page loads up front: the entry script, the start it imports right after the first paint, the
// chunks both import statically (the page has no module preloads since issue 22, but they are
// counted if it gains some) and its styles, in stylesheets or inline in the HTML.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export const KB = 1000;
export const BUDGETS = {
  // 45 since issue 22 (60 before): the answers' schemas load with the first request, query-core's
  // MutationCache has a stand-in (the widget makes no mutations), and the first paint is one file.
  widget: 45 * KB,
  // 90 until issue 20: the verdict, reader/analyst modes, regions and the grid's keyboard and popovers
  // added ~4 KB to the grid chunk; a reader's first paint (the budget above) is what most readers load.
  widgetAll: 95 * KB,
  // 100 until issue 22, when the app moved to preact/compat (React DOM had been 67 KB of it): 41 KB then;
  // 85 leaves room to grow without letting the old runtime's size creep back in.
  appJs: 85 * KB,
  appCss: 15 * KB,
};

const gzipSize = (path) => gzipSync(readFileSync(path), { level: 9 }).length;

/**
 * Static imports of a built ES module (`import … from "./x.mjs"`, `import "./x.mjs"`, and re-exports,
 * `export { a } from "./x.mjs"`, which load the module just the same), as paths.
 */
export function staticImports(path) {
  const code = readFileSync(path, 'utf8');
  const specifiers = [
    ...code.matchAll(/\b(?:import|export)\s*(?:[^'"`()]*?\bfrom\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g),
  ].map((match) => match[1]);
  return specifiers.map((specifier) => join(dirname(path), specifier));
}

/** Modules a built ES module imports dynamically (`import("./x.mjs")`), as paths. */
export function dynamicImports(path) {
  const code = readFileSync(path, 'utf8');
  return [...code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g)].map((match) =>
    join(dirname(path), match[1]),
  );
}

/** A module and everything it imports statically, transitively. */
export function staticClosure(entry) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of staticImports(path)) visit(imported);
  };
  visit(entry);
  return [...seen];
}

function filesUnder(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(directory, entry.name)) : [join(directory, entry.name)],
  );
}

/** What a built page loads up front: module scripts, module preloads, stylesheets, inline styles. */
export function initialAssets(html) {
  const js = new Set();
  const css = new Set();
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url || !url.startsWith('/assets/')) continue;
    if (tag.startsWith('<script') || /rel="modulepreload"/.test(tag)) js.add(url);
    else if (/rel="stylesheet"/.test(tag)) css.add(url);
  }
  return { js: [...js], css: [...css], inlineCss };
}

export function measure(root = 'dist') {
  const widgetPath = join(root, 'widget', 'parlay-builder.js');
  const indexPath = join(root, 'app', 'index.html');
  for (const path of [widgetPath, indexPath]) {
    if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first.`);
  }
  const assets = initialAssets(readFileSync(indexPath, 'utf8'));
  const sum = (urls) => urls.reduce((total, url) => total + gzipSize(join(root, 'app', url)), 0);
  const sumFiles = (paths) => paths.reduce((total, path) => total + gzipSize(path), 0);
  // The entry imports the app's start once the first screen is painted, unasked: that is up front too.
  const appJs = [
    ...new Set(
      assets.js.flatMap((url) => {
        const entry = join(root, 'app', url);
        return [entry, ...dynamicImports(entry)].flatMap(staticClosure);
      }),
    ),
  ];
  const inlineCssBytes = assets.inlineCss.reduce((total, css) => total + gzipSync(css, { level: 9 }).length, 0);
  const widgetInitial = [widgetPath, ...staticClosure(join(root, 'widget', 'parlay-builder.mjs'))];
  const widgetAll = filesUnder(join(root, 'widget')).filter((path) => /\.m?js$/.test(path));
  return [
    {
      name: `widget first paint (${widgetInitial.length} files)`,
      bytes: sumFiles(widgetInitial),
      budget: BUDGETS.widget,
      files: widgetInitial.map((path) => relative(root, path)),
    },
    {
      name: `widget with every lazy part (${widgetAll.length} files)`,
      bytes: sumFiles(widgetAll),
      budget: BUDGETS.widgetAll,
    },
    { name: `app initial JS (${appJs.length} files)`, bytes: sumFiles(appJs), budget: BUDGETS.appJs },
    {
      name: `app CSS (${assets.css.length} files, ${assets.inlineCss.length} inline)`,
      bytes: sum(assets.css) + inlineCssBytes,
      budget: BUDGETS.appCss,
    },
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
    console.log(
      `  ${row.name.padEnd(48)} ${format(row.bytes).padStart(9)} of ${format(row.budget).padStart(8)}  ${verdict}`,
    );
  }
  const over = rows.filter((row) => row.bytes > row.budget);
  if (over.length > 0) {
    console.error(
      `Over budget: ${over.map((row) => row.name).join(', ')}. Trim it (lazy-load, drop a dependency) before raising a budget.`,
    );
    process.exit(1);
  }
}
