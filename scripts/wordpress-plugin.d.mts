/** See wordpress-plugin.mjs: php -l of the plugin, and its Upload-plugin zip. */
export function lintPluginPhp(php?: string): void;
export function buildPluginZip(): string;
