/** See find-wordpress.mjs: PHP, MariaDB and Debian's WordPress, installed with apt as root when missing. */
export interface WordPressStack {
  php: string;
  mariadbd: string;
  installDb: string;
  wordpressRoot: string;
}
export const WORDPRESS_THEME: string;
export function findWordPress(): WordPressStack;
export function missingWordPressPackages(): string[];
