/**
 * What the kernel holds for each TCP connection that its peer has not acknowledged (sent and
 * unacknowledged, or not yet sent): Linux's `tx_queue` in /proc/net/tcp and /proc/net/tcp6. A
 * browser that stops reading closes its receive window; from then on every byte written to its
 * socket waits in our kernel's send buffer, which Linux grows to `net.ipv4.tcp_wmem`'s maximum
 * (4 MB by default) before a write is ever refused, and Node has no way to make that buffer smaller.
 * Read here, the send queue lets the stream cut such a reader long before. Null where there is
 * no /proc (another OS): the cut then waits for the socket's own backpressure.
 */
import { readFile } from 'node:fs/promises';

/** `localPort remoteAddress remotePort`, the address as Node names it (IPv4 dotted, IPv6 compressed). */
export function connectionKey(localPort: number, remoteAddress: string, remotePort: number): string {
  return `${localPort} ${canonicalAddress(remoteAddress)} ${remotePort}`;
}

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

function canonicalAddress(address: string): string {
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!address.includes(':')) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address;
  }
}

/** /proc's hex address: IPv4 as one 32-bit word, IPv6 as four, each in the host's (little-endian) byte order. */
function addressOf(hex: string): string {
  const bytes: number[] = [];
  for (let word = 0; word < hex.length; word += 8)
    for (let byte = 3; byte >= 0; byte--) bytes.push(parseInt(hex.slice(word + byte * 2, word + byte * 2 + 2), 16));
  if (bytes.length === 4) return bytes.join('.');
  // An IPv4 peer on a dual-stack socket (::ffff:a.b.c.d): named as Node names it, dotted.
  if (bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff)
    return bytes.slice(12).join('.');
  const groups: string[] = [];
  for (let index = 0; index < 16; index += 2)
    groups.push((((bytes[index] ?? 0) << 8) | (bytes[index + 1] ?? 0)).toString(16));
  return canonicalAddress(groups.join(':'));
}

/** Established connections only (state 01). */
function parseInto(table: string, queues: Map<string, number>): void {
  for (const line of table.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    const [, local, remote, state, queue] = fields;
    if (local === undefined || remote === undefined || queue === undefined || state !== '01') continue;
    const [, localPort] = local.split(':');
    const [remoteHex, remotePort] = remote.split(':');
    const [txQueue] = queue.split(':');
    if (localPort === undefined || remoteHex === undefined || remotePort === undefined || txQueue === undefined)
      continue;
    queues.set(
      connectionKey(parseInt(localPort, 16), addressOf(remoteHex), parseInt(remotePort, 16)),
      parseInt(txQueue, 16),
    );
  }
}

/** Each established connection's unacknowledged bytes, by connectionKey; null where /proc has no TCP table. */
export async function readSendQueues(): Promise<Map<string, number> | null> {
  const queues = new Map<string, number>();
  let found = false;
  for (const path of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
    const table = await readFile(path, 'latin1').catch(() => null);
    if (table === null) continue;
    found = true;
    parseInto(table, queues);
  }
  return found ? queues : null;
}
