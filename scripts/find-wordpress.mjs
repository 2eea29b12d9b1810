// Finds what the WordPress e2e runs on: PHP with its MySQL driver, MariaDB, and Debian's wordpress
// package with a theme. As root with any missing, installs Debian's packages (apt-get); the test
// starts its own database and web server in a temp dir, on loopback and a unix socket, and the
// system services are never used.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { installDebianPackages, isExecutable } from './system-binaries.mjs';

const PACKAGES = ['mariadb-server', 'php-cli', 'php-mysql', 'wordpress', 'wordpress-theme-twentytwentythree'];

const WORDPRESS_ROOT = '/usr/share/wordpress';
export const WORDPRESS_THEME = 'twentytwentythree';

/** What is missing of it, in words; empty when all is there. */
function missing() {
  const gaps = [];
  if (!isExecutable('/usr/bin/php')) gaps.push('php');
  else if (!/^mysqli$/m.test(spawnSync('/usr/bin/php', ['-m'], { encoding: 'utf8' }).stdout ?? ''))
    gaps.push('php-mysql');
  for (const binary of ['/usr/sbin/mariadbd', '/usr/bin/mariadb-install-db'])
    if (!isExecutable(binary)) gaps.push(binary);
  if (!existsSync(`${WORDPRESS_ROOT}/wp-settings.php`)) gaps.push('wordpress');
  if (!existsSync(`${WORDPRESS_ROOT}/wp-content/themes/${WORDPRESS_THEME}/theme.json`)) gaps.push(WORDPRESS_THEME);
  return gaps;
}

/** The Debian packages to install for it (none when it is all there). */
export function missingWordPressPackages() {
  return missing().length > 0 ? PACKAGES : [];
}

/** The paths the test runs; installs the packages first when something is missing and it can. */
export function findWordPress() {
  if (missing().length > 0) installDebianPackages('WordPress stack', PACKAGES);
  const gaps = missing();
  if (gaps.length > 0) {
    throw new Error(
      `The WordPress e2e needs ${gaps.join(', ')}: install Debian's ${PACKAGES.join(' ')} (as root this script installs them itself).`,
    );
  }
  return {
    php: '/usr/bin/php',
    mariadbd: '/usr/sbin/mariadbd',
    installDb: '/usr/bin/mariadb-install-db',
    wordpressRoot: WORDPRESS_ROOT,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(findWordPress());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
