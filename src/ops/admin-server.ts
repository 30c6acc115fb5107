// The admin HTTP server (ARBITER_ADMIN_PORT, loopback unless ARBITER_ADMIN_HOST says otherwise): /metrics in
// Prometheus' text format, /healthz (the process answers) and /readyz (the gateway is connected and the database
// takes writes). GET only; nothing here changes anything.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.ts';

/** Why the bot is not ready, by check; empty when ready. */
export type Readiness = () => Promise<string[]>;

export interface AdminServer {
  url: string;
  close(): Promise<void>;
}

export async function startAdminServer(options: {
  port: number;
  host: string;
  metrics: Metrics;
  ready: Readiness;
}): Promise<AdminServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('method not allowed\n');
      return;
    }
    if (path === '/healthz') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
      return;
    }
    if (path === '/readyz') {
      const answer = (problems: string[]) => {
        const ok = problems.length === 0;
        response
          .writeHead(ok ? 200 : 503, { 'content-type': 'text/plain' })
          .end(ok ? 'ready\n' : `${problems.join('\n')}\n`);
      };
      options.ready().then(answer, (error: unknown) => answer([`readiness check failed: ${(error as Error).message}`]));
      return;
    }
    if (path === '/metrics') {
      options.metrics.text().then(
        (text) => response.writeHead(200, { 'content-type': options.metrics.registry.contentType }).end(text),
        (error: unknown) =>
          response
            .writeHead(500, { 'content-type': 'text/plain' })
            .end(`metrics failed: ${(error as Error).message}\n`),
      );
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found: /metrics, /healthz, /readyz\n');
  });
  // Scrapers keep connections open; they must not hold the process at exit.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
