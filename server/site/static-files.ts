/** Files of the build (dist/app, dist/widget), served once they exist. */
import type { MiddlewareHandler } from 'hono';
import { serveStatic, type ServeStaticOptions } from '@hono/node-server/serve-static';
import { existsSync } from 'node:fs';

/**
 * Files under `root`, once it exists. serveStatic would complain of a missing root each time an app
 * is made (every test's, `npm run dev`'s before a build); the start-up log says it once instead
 * (`missingBuildOf`), and a build made while the server runs is served from then on. A file's
 * brotli or gzip form made by the build (scripts/precompress.mjs) is sent as it is, when the browser
 * takes it: nothing compressed per view.
 */
export function staticFilesFrom(root: string, options: Omit<ServeStaticOptions, 'root'> = {}): MiddlewareHandler {
  let serve: MiddlewareHandler | null = null;
  return (c, next) => {
    serve ??= existsSync(root) ? serveStatic({ precompressed: true, ...options, root }) : null;
    return serve === null ? next() : serve(c, next);
  };
}

/** What of the build is missing, for the start-up log; null when the app and the widget are built. */
export function missingBuildOf(roots: { staticRoot: string; widgetRoot: string }): string | null {
  const missing = [roots.staticRoot, roots.widgetRoot].filter((root) => !existsSync(root));
  if (missing.length === 0) return null;
  return (
    `Not built: ${missing.join(' and ')} missing, so pages answer 503 and the widget script 404 until ` +
    '`npm run build` (under `npm run dev`, Vite serves the app).'
  );
}

export const NOT_BUILT = 'The app has not been built yet. Run `npm run build`.';
