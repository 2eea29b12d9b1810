/** See chromium.mjs: the flags every Chromium here is launched with, and where its executable is. */
export const CHROMIUM_FLAGS: readonly string[];
export function knownChromium(): string | null;
export function findChromium(): Promise<string>;
