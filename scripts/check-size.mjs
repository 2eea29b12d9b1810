// npm run size (and run-e2e.mjs after its build): gzip sizes of what users download, against budgets.
// The widget by what a host page loads before it first paints (the classic script, the module it
// imports, and that module's static imports) and by everything it can ever load; the app by what
// its page loads up front: the entry script, the start it imports right after the first paint (React
// DOM and the hydration), the chunks both import statically (module preloads too, should the page
// gain some) and its styles, in stylesheets or inline in the HTML. Then which runtime each ships:
// the app page React DOM's production build, the widget and /embed none of React DOM (Preact).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export const KB = 1000;
export const BUDGETS = {
  // The answers' schemas load with the first request, query-core's MutationCache has a stand-in (the
  // widget makes no mutations), and the first paint is one file.
  widget: 45 * KB,
  // A reader's first paint (the budget above) is what most readers load; the rest loads as it is used.
  // 101: the region's settings, one undo for every removal, recovery after a lost connection, telling
  // a blocked request from an offline one and the leagues' abbreviations (about 5 KB together).
  widgetAll: 101 * KB,
  // React DOM's production build is ~60 KB of it; the rest is the app's first screen and its data layer.
  appJs: 105 * KB,
  appCss: 15 * KB,
  // The iframe's sizer (parlay-frame.js): a page that frames /embed loads it instead of the widget.
  frameScript: 1 * KB,
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

/** The app page's JavaScript up front: its entry scripts, what they import at once, and its static imports. */
function measuredAppJs(root) {
  const assets = initialAssets(readFileSync(join(root, 'app', 'index.html'), 'utf8'));
  // The entry imports the app's start once the first screen is painted, unasked: that is up front too.
  return [
    ...new Set(
      assets.js.flatMap((url) => {
        const entry = join(root, 'app', url);
        return [entry, ...dynamicImports(entry)].flatMap(staticClosure);
      }),
    ),
  ];
}

export function measure(root = 'dist') {
  const widgetPath = join(root, 'widget', 'parlay-builder.js');
  const indexPath = join(root, 'app', 'index.html');
  for (const path of [
    widgetPath,
    indexPath,
    join(root, 'app', 'embed.html'),
    join(root, 'widget', 'parlay-frame.js'),
  ]) {
    if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first.`);
  }
  const assets = initialAssets(readFileSync(indexPath, 'utf8'));
  const sum = (urls) => urls.reduce((total, url) => total + gzipSize(join(root, 'app', url)), 0);
  const sumFiles = (paths) => paths.reduce((total, path) => total + gzipSize(path), 0);
  const appJs = measuredAppJs(root);
  const inlineCssBytes = assets.inlineCss.reduce((total, css) => total + gzipSync(css, { level: 9 }).length, 0);
  const widgetInitial = [widgetPath, ...staticClosure(join(root, 'widget', 'parlay-builder.mjs'))];
  const framePath = join(root, 'widget', 'parlay-frame.js');
  const widgetAll = filesUnder(join(root, 'widget')).filter((path) => /\.m?js$/.test(path) && path !== framePath);
  return [
    {
      key: 'widget',
      name: `widget first paint (${widgetInitial.length} files)`,
      bytes: sumFiles(widgetInitial),
      budget: BUDGETS.widget,
      files: widgetInitial.map((path) => relative(root, path)),
    },
    {
      key: 'widgetAll',
      name: `widget with every lazy part (${widgetAll.length} files)`,
      bytes: sumFiles(widgetAll),
      budget: BUDGETS.widgetAll,
    },
    {
      key: 'frameScript',
      name: 'iframe sizer (parlay-frame.js)',
      bytes: gzipSize(framePath),
      budget: BUDGETS.frameScript,
    },
    { key: 'appJs', name: `app initial JS (${appJs.length} files)`, bytes: sumFiles(appJs), budget: BUDGETS.appJs },
    {
      key: 'appCss',
      name: `app CSS (${assets.css.length} files, ${assets.inlineCss.length} inline)`,
      bytes: sum(assets.css) + inlineCssBytes,
      budget: BUDGETS.appCss,
    },
  ];
}

/** Built files that a page's scripts can ever load: its module scripts, and every import from them, transitively. */
function reachableFrom(root, htmlPath) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of [...staticImports(path), ...dynamicImports(path)]) visit(imported);
  };
  for (const url of initialAssets(readFileSync(htmlPath, 'utf8')).js) visit(join(root, 'app', url));
  return [...seen];
}

// The key React DOM puts on its root container: in every build of react-dom/client, in no other library.
const REACT_DOM_MARK = '__reactContainer$';
// Production builds cite errors by code with a link; development builds carry the messages instead.
const PRODUCTION_MARK = 'https://react.dev/errors/';

/** The React DOM among built files: null when none, else which build, and whether it is the one installed. */
export function reactDomIn(paths) {
  const code = paths.map((path) => readFileSync(path, 'utf8')).find((text) => text.includes(REACT_DOM_MARK));
  if (code === undefined) return null;
  const { version } = JSON.parse(readFileSync('node_modules/react-dom/package.json', 'utf8'));
  // The minifier may quote it with backticks.
  const quoted = new RegExp(`["'\`]${version.replaceAll('.', '\\.')}["'\`]`);
  return {
    build: code.includes(PRODUCTION_MARK) ? 'production' : 'development',
    version,
    installed: quoted.test(code),
  };
}

/** The runtime each page ships: the app page on React DOM's production build, the widget and /embed on Preact. */
export function runtimes(root = 'dist') {
  const app = reactDomIn(measuredAppJs(root));
  const widget = reactDomIn(filesUnder(join(root, 'widget')).filter((path) => /\.m?js$/.test(path)));
  const embed = reactDomIn(reachableFrom(root, join(root, 'app', 'embed.html')));
  const describe = (found) =>
    found === null
      ? 'no React DOM'
      : `React DOM ${found.installed ? found.version : `(not the installed ${found.version})`}, ${found.build} build`;
  return [
    {
      name: 'app page, before hydrating',
      found: describe(app),
      ok: app !== null && app.build === 'production' && app.installed,
    },
    { name: 'widget, every part', found: describe(widget), ok: widget === null },
    { name: '/embed, every part', found: describe(embed), ok: embed === null },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let rows;
  let pages;
  try {
    rows = measure();
    pages = runtimes();
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
  console.log('Runtimes (React DOM on the app page only, its production build):');
  for (const page of pages)
    console.log(`  ${page.name.padEnd(48)} ${page.found.padEnd(36)} ${page.ok ? 'ok' : 'WRONG'}`);
  const over = rows.filter((row) => row.bytes > row.budget);
  if (over.length > 0) {
    console.error(
      `Over budget: ${over.map((row) => row.name).join(', ')}. Trim it (lazy-load, drop a dependency) before raising a budget.`,
    );
  }
  const wrong = pages.filter((page) => !page.ok);
  if (wrong.length > 0) {
    console.error(
      `Wrong runtime: ${wrong.map((page) => page.name).join(', ')}. The widget's builds alias React to Preact (scripts/preact-aliases.ts); the app's does not.`,
    );
  }
  if (over.length > 0 || wrong.length > 0) process.exit(1);
}
