/**
 * Our server (server/main.ts) with a way for the benchmark to read its memory after a full garbage
 * collection (run with --expose-gc): on SIGUSR2 it collects and writes process.memoryUsage() as JSON
 * to MEMORY_REPORT_PATH. RSS alone overstates what is held: the heap grows with garbage between
 * collections and rarely gives pages back.
 */
import { renameSync, writeFileSync } from 'node:fs';

const reportPath = process.env.MEMORY_REPORT_PATH;
const collect = (globalThis as { gc?: () => void }).gc;
if (reportPath !== undefined && reportPath !== '') {
  process.on('SIGUSR2', () => {
    collect?.();
    // Written whole, then renamed: the reader never sees half a file.
    writeFileSync(`${reportPath}.part`, JSON.stringify({ ...process.memoryUsage(), collected: collect !== undefined }));
    renameSync(`${reportPath}.part`, reportPath);
  });
}

await import('../../server/main.ts');
