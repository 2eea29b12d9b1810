/**
 * dist/widget/parlay-builder.js: the classic script host pages include. It loads the widget module
 * from beside itself (parlay-builder.mjs, which loads its own lazy parts from there too), so a host
 * page needs one script tag and no `type="module"`. No imports or exports: it must stay a classic
 * script (the build wraps it in a function of its own, so its names are never the host page's).
 */
const script = document.currentScript;
const scriptUrl = script instanceof HTMLScriptElement && script.src !== '' ? script.src : document.baseURI;
import(/* @vite-ignore */ new URL('parlay-builder.mjs', scriptUrl).href).catch((error: unknown) => {
  console.error('The parlay builder widget could not load:', error);
});
