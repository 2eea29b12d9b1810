// A loopback pass-through to the sandbox that counts the calls reaching it (per path and status),
// so a benchmark can say how many upstream calls our server made.
import http from 'node:http';
import { freePort } from './processes.mjs';

export async function startCountingForwarder(targetBaseUrl) {
  const port = await freePort();
  // Streams (`/stream/...`): how many were opened, and how many are open now.
  const counts = { parlay: 0, total: 0, byPath: {}, byStatus: {}, streamsOpened: 0, streamsOpen: 0 };
  const target = new URL(targetBaseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const path = request.url.split('?')[0];
    counts.total += 1;
    counts.byPath[path] = (counts.byPath[path] ?? 0) + 1;
    if (request.method === 'POST' && path === '/api/v3/parlay/odds') counts.parlay += 1;
    const isStream = path.includes('/stream/');
    if (isStream) {
      counts.streamsOpened += 1;
      counts.streamsOpen += 1;
      response.on('close', () => {
        counts.streamsOpen -= 1;
      });
    }
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: target.host },
        agent,
      },
      (answer) => {
        counts.byStatus[answer.statusCode] = (counts.byStatus[answer.statusCode] ?? 0) + 1;
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    // A stream our server leaves is left upstream too.
    if (isStream) response.on('close', () => upstream.destroy());
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
      response.end('{"error":"forwarder could not reach the sandbox"}');
    });
    upstream.end(chunks.length ? Buffer.concat(chunks) : undefined);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const reset = () => {
    counts.parlay = 0;
    counts.total = 0;
    counts.byPath = {};
    counts.byStatus = {};
  };
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    counts,
    reset,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
