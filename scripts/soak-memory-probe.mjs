// Preloaded into the server by scripts/soak.mjs (node --expose-gc --import this): a full garbage
// collection every 2 s, so the resident size the soak samples is what the server keeps, not
// garbage V8 has not got round to collecting yet (left alone, V8 lets the heap grow by hundreds
// of MB under load before a major collection, which says nothing about leaks). Each collection
// prints one `soak-memory {...}` line with the heap in use after it.
const INTERVAL_MS = 2000;
setInterval(() => {
  globalThis.gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  console.log(
    `soak-memory ${JSON.stringify({ at: Date.now(), rssMb: rss / 2 ** 20, heapUsedMb: heapUsed / 2 ** 20, externalMb: external / 2 ** 20 })}`,
  );
}, INTERVAL_MS).unref();
