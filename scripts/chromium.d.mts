/** See chromium.mjs: the flags every Chromium here is launched with, and where its executable is. */
export const CHROMIUM_FLAGS: readonly string[];
export function findChromium(): Promise<string>;
export function knownTestChromium(): string | null;
export function findTestChromium(): Promise<string>;
export function missingChromiumPackages(): string[];
