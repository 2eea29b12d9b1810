/**
 * A real WordPress for the plugin's e2e test: Debian's wordpress package on PHP's built-in server,
 * with a throwaway MariaDB on a unix socket (one server, a database per site), all in temp dirs and
 * on loopback; the plugin installed from its zip and activated, and the test's posts published
 * (support/wordpress/install.php).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findWordPress, WORDPRESS_THEME } from '../../scripts/find-wordpress.mjs';
import { buildPluginZip, lintPluginPhp } from '../../scripts/wordpress-plugin.mjs';

const SUPPORT = resolve('e2e/support/wordpress');

/** The test site's port: E2E_PORT + 1 and + 2 are the fault stack's (fault-config.ts). */
export const wordPressPort = (basePort: number): number => basePort + 3;
/** A second site, without the plugin activated. */
export const bareWordPressPort = (basePort: number): number => basePort + 4;

export interface WordPressSite {
  origin: string;
  /** Each post's address, by its title. */
  posts: Record<string, string>;
  /** An editor's session as the block editor sends it to the REST API: a `Cookie` header and the `X-WP-Nonce`. */
  editor: { cookie: string; nonce: string };
  /** What PHP logged (warnings, notices) while serving; empty when nothing went wrong. */
  debugLog: () => string;
  stop: () => Promise<void>;
}

/** MariaDB for the test's sites, each with a database of its own in it. */
export interface WordPressDatabase {
  socket: string;
  stop: () => Promise<void>;
}

export interface WordPressSiteOptions {
  database: WordPressDatabase;
  port: number;
  /** Our server, which the plugin's settings name. */
  serverOrigin: string;
  /** Posts to publish: title -> content. */
  posts: Record<string, string>;
  /** False: the plugin is installed but not activated (what WordPress does on its own). */
  activatePlugin?: boolean;
}

async function waitFor(ready: () => boolean, what: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!ready()) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (Date.now() > until) throw new Error(`${what} did not start within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

const phpString = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

interface SiteConfig {
  origin: string;
  database: string;
  socket: string;
  wordpressRoot: string;
  serverPort: number;
}

function wpConfig(dir: string, { origin, database, socket, wordpressRoot, serverPort }: SiteConfig): string {
  const salts = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT']
    .concat(['LOGGED_IN_SALT', 'NONCE_SALT'])
    .map((name) => `define('${name}', '${randomBytes(24).toString('hex')}');`);
  return `<?php
define('DB_NAME', ${phpString(database)});
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', ${phpString(`localhost:${socket}`)});
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
${salts.join('\n')}
$table_prefix = 'wp_';
define('WP_HOME', ${phpString(origin)});
define('WP_SITEURL', ${phpString(origin)});
define('WP_CONTENT_DIR', ${phpString(join(dir, 'site', 'wp-content'))});
define('WP_CONTENT_URL', ${phpString(`${origin}/wp-content`)});
define('FS_METHOD', 'direct');
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_DEBUG', true);
define('WP_DEBUG_DISPLAY', false);
define('WP_DEBUG_LOG', ${phpString(join(dir, 'debug.log'))});
define('PARLAY_E2E_SERVER_PORT', ${serverPort});
if (!defined('ABSPATH')) define('ABSPATH', ${phpString(`${wordpressRoot}/`)});
require_once ABSPATH . 'wp-settings.php';
`;
}

/** The sites' database server: a fresh data dir and a server on a socket only (no TCP port). */
export async function startWordPressDatabase(): Promise<WordPressDatabase> {
  const stack = findWordPress();
  const dir = mkdtempSync(join(tmpdir(), 'parlay-mariadb-'));
  const dataDir = join(dir, 'db');
  const socket = join(dir, 'mysql.sock');
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? ['--user=root'] : [];
  const install = spawnSync(
    stack.installDb,
    ['--no-defaults', `--datadir=${dataDir}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...user],
    { encoding: 'utf8' },
  );
  if (install.status !== 0) throw new Error(`mariadb-install-db failed:\n${install.stdout}${install.stderr}`);
  const server = spawn(
    stack.mariadbd,
    [
      '--no-defaults',
      `--datadir=${dataDir}`,
      `--socket=${socket}`,
      `--pid-file=${join(dir, 'mariadb.pid')}`,
      '--skip-networking',
      '--skip-log-bin',
      '--innodb-buffer-pool-size=16M',
      '--performance-schema=OFF',
      ...user,
    ],
    { stdio: 'ignore' },
  );
  const stop = async () => {
    await stopped(server);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(() => existsSync(socket), 'MariaDB', server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { socket, stop };
}

/** The web root: WordPress's static directories (wp-content our own: the theme, plugins, mu-plugins). */
function webRoot(dir: string, wordpressRoot: string): string {
  const site = join(dir, 'site');
  const content = join(site, 'wp-content');
  mkdirSync(join(content, 'plugins'), { recursive: true });
  mkdirSync(join(content, 'mu-plugins'), { recursive: true });
  mkdirSync(join(content, 'themes'), { recursive: true });
  symlinkSync(join(wordpressRoot, 'wp-includes'), join(site, 'wp-includes'));
  symlinkSync(join(wordpressRoot, 'wp-content', 'themes', WORDPRESS_THEME), join(content, 'themes', WORDPRESS_THEME));
  symlinkSync(join(SUPPORT, 'loopback-server.php'), join(content, 'mu-plugins', 'loopback-server.php'));
  return site;
}

/** A site on `port`, its database in `database` (named after the port); stopping it leaves the database server running. */
export async function startWordPressSite({
  database,
  port,
  serverOrigin,
  posts,
  activatePlugin = true,
}: WordPressSiteOptions): Promise<WordPressSite> {
  const stack = findWordPress();
  lintPluginPhp(stack.php);
  const pluginZip = resolve(buildPluginZip());
  const dir = mkdtempSync(join(tmpdir(), 'parlay-wordpress-'));
  const origin = `http://127.0.0.1:${port}`;
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopped));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const site = webRoot(dir, stack.wordpressRoot);
    const configPath = join(dir, 'wp-config.php');
    const { socket } = database;
    const name = `site_${port}`;
    const serverPort = Number(new URL(serverOrigin).port);
    writeFileSync(
      configPath,
      wpConfig(dir, { origin, database: name, socket, wordpressRoot: stack.wordpressRoot, serverPort }),
    );
    const env = {
      ...process.env,
      PARLAY_WP_CONFIG: configPath,
      PARLAY_WP_DATABASE: name,
      PARLAY_WP_SOCKET: socket,
      PARLAY_WP_ORIGIN: origin,
      PARLAY_WP_THEME: WORDPRESS_THEME,
      PARLAY_PLUGIN_ZIP: pluginZip,
      PARLAY_PLUGIN_OPTIONS: JSON.stringify({ server_url: serverOrigin, books: '', region: '', affiliate_links: '' }),
      PARLAY_WP_POSTS: JSON.stringify(posts),
      PARLAY_ACTIVATE_PLUGIN: activatePlugin ? '1' : '0',
    };
    const install = spawnSync(stack.php, [join(SUPPORT, 'install.php')], { encoding: 'utf8', env });
    if (install.status !== 0) throw new Error(`Installing WordPress failed:\n${install.stdout}${install.stderr}`);
    const installed = JSON.parse(install.stdout) as Pick<WordPressSite, 'posts' | 'editor'>;
    const web = spawn(stack.php, ['-S', `127.0.0.1:${port}`, '-t', site, join(SUPPORT, 'router.php')], {
      env,
      stdio: 'ignore',
    });
    children.push(web);
    let up = false;
    const probe = () => {
      fetch(`${origin}/wp-includes/css/dashicons.min.css`, { method: 'HEAD' }).then(
        (response) => (up = response.ok),
        () => undefined,
      );
      return up;
    };
    await waitFor(probe, 'PHP’s web server', web);
    const debugLogPath = join(dir, 'debug.log');
    return {
      origin,
      ...installed,
      debugLog: () => (existsSync(debugLogPath) ? readFileSync(debugLogPath, 'utf8') : ''),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
