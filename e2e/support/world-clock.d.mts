/** See world-clock.mjs: the end-to-end suite's world clock. */
export const DEFAULT_E2E_CLOCK: string;
export const E2E_TIMEZONE: string;
export function fixWorldClock(env?: NodeJS.ProcessEnv): { startMs: number; anchorMs: number; fixedHere: boolean };
