// How many reading odds streams one instance serves (what MAX_STREAM_CONNECTIONS' default rests
// on): bench/live-streams.mjs's fan-out (readers asking as the page does, a change every 500 ms,
// our server in live mode in front of the standalone sandbox) at each count given, one after
// another. Not part of `npm run bench`; on loopback only:
//   node --import tsx bench/stream-capacity.mjs 500 1000 2000
import { startCountingForwarder } from './lib/counting-forwarder.mjs';
import { onCleanup } from './lib/cleanup.mjs';
import { startStandaloneSandbox } from './lib/processes.mjs';
import { BENCH_WORLD_ENV } from './lib/world.mjs';
import { measureFanOut } from './live-streams.mjs';

const counts = process.argv.slice(2).map(Number);
if (counts.length === 0 || counts.some((count) => !Number.isInteger(count) || count < 2))
  throw new Error('usage: node --import tsx bench/stream-capacity.mjs <readers> [<readers>...] (each at least 2)');

const sandbox = await startStandaloneSandbox({ SANDBOX_LATENCY: 'zero', ...BENCH_WORLD_ENV });
const forwarder = await startCountingForwarder(sandbox.baseUrl);
const forgetForwarder = onCleanup('counting forwarder', () => forwarder.close());
const results = [];
try {
  for (const readers of counts) {
    const result = await measureFanOut({ sandbox, forwarder, readers, holdS: 20, log: (line) => console.error(line) });
    results.push({
      readers,
      dropped: result.dropped,
      deliveryP50Ms: result.deliveryP50Ms,
      deliveryP95Ms: result.deliveryP95Ms,
      serverCpuMsPerS: result.serverCpu.allReadersMsPerS,
      heapAndExternalKbPerReader: result.memoryPerReaderKb,
      rssKbPerReader: result.rssPerReaderKb,
    });
  }
  console.log(JSON.stringify(results, null, 2));
} finally {
  forgetForwarder();
  await forwarder.close();
  await sandbox.stop();
}
