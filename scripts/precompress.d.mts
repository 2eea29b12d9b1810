/** See precompress.mjs: writes `.br` and `.gz` beside every compressible file under `roots`; how many files. */
export function precompress(roots: readonly string[]): Promise<number>;
