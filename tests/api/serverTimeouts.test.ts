import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openTestDatabase, type TestDatabase } from '../helpers/testDatabase';
import { TEST_SECRET } from '../helpers/testApi';

/** Resolves with the ms the server took to close the socket after `send`; rejects when it kept it open `within` ms. */
function closedAfter(port: number, send: (socket: Socket) => void, within: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let started = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${within} ms`));
    }, within);
    socket.on('connect', () => {
      started = performance.now();
      send(socket);
    });
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
  });
}

describe('connection timeouts', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({
      database,
      jwtSecret: TEST_SECRET,
      timeouts: { headers: 400, request: 1000, idle: 1500, keepAlive: 300, checkInterval: 100 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('closes a client that sends its headers too slowly', async () => {
    // Node's own default would wait 60 s; the window allows for a busy machine.
    await expect(closedAfter(port, (s) => s.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n'), 8000)).resolves.toBeLessThan(8000);
  });

  it('closes a client that never finishes its body', async () => {
    await expect(
      closedAfter(
        port,
        (s) => s.write('POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"us'),
        8000,
      ),
    ).resolves.toBeLessThan(8000);
  });

  it('closes a kept-alive connection left idle after its answer', async () => {
    await expect(
      closedAfter(port, (s) => s.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n'), 8000),
    ).resolves.toBeLessThan(8000);
  });

  it('closes a connection that never says anything', async () => {
    await expect(closedAfter(port, () => undefined, 8000)).resolves.toBeLessThan(8000);
  });
});
