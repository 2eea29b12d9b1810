/**
 * The fault upstream on its own (scripts/soak.mjs runs it in a process of its own):
 * FAULT_PORT (0 = any), FAULT_API_KEY (the key it accepts), FAULT_RULES (JSON list of rules, e.g.
 * `[{"fault":"slow","delayMs":2000,"paths":["/parlay/odds"]}]`). Prints `listening <base URL>`.
 */
import { startFaultUpstream, type FaultRule } from './fault-upstream.ts';

const rules = JSON.parse(process.env.FAULT_RULES ?? '[]') as FaultRule[];
const upstream = await startFaultUpstream({
  apiKey: process.env.FAULT_API_KEY ?? 'fault-key',
  port: Number(process.env.FAULT_PORT ?? 0),
  rules,
});
console.log(`listening ${upstream.baseUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void upstream.close().finally(() => process.exit(0)));
