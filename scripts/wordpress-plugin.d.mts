/** See wordpress-plugin.mjs: php -l of the plugin, and its Upload-plugin zip. */
export const PLUGIN_DIR: string;
export const PLUGIN_ZIP: string;
export function lintPluginPhp(php?: string): void;
export function buildPluginZip(): string;
