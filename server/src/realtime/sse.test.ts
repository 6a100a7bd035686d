// Server-Sent Events responses: bounded memory for a reader that stops reading, and no stream outlives a shutdown.
import { once } from 'node:events';
import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { closeEventStreams, type EventStream, openEventStream } from './sse';

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(app: express.Express): Promise<{ server: Server; port: number }> {
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port };
}

function rawGet(port: number): Socket {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.write('GET /stream HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n');
  return socket;
}

describe('openEventStream', () => {
  it('cuts off a reader that stops reading once its queue passes the limit, instead of buffering without bound', async () => {
    const limit = 256 * 1024;
    const frame = Buffer.alloc(64 * 1024, 'x');
    let written = 0;
    let stream: EventStream | undefined;
    const app = express();
    app.get('/stream', (req, res) => {
      stream = openEventStream(req, res, { maxBufferedBytes: limit });
    });
    const { port } = await listen(app);
    const socket = rawGet(port);
    // Read the headers, then stop reading altogether.
    await once(socket, 'data');
    socket.pause();
    await expect.poll(() => stream).toBeDefined();
    let ended = false;
    void stream!.closed.then(() => (ended = true));
    // Far more than the kernel's socket buffers hold: without a limit all of it would sit in this process.
    while (!ended && written < 64 * 1024 * 1024) {
      stream!.write(frame);
      written += frame.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(ended).toBe(true);
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });

  it('still sends one event larger than the limit to a reader that keeps up', async () => {
    let stream: EventStream | undefined;
    const app = express();
    app.get('/stream', (req, res) => {
      stream = openEventStream(req, res, { maxBufferedBytes: 64 * 1024 });
    });
    const { port } = await listen(app);
    const socket = rawGet(port);
    let received = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    await expect.poll(() => stream).toBeDefined();
    stream!.send({ id: 1, event: 'big', data: 'x'.repeat(1024 * 1024) });
    await expect.poll(() => received, { timeout: 5000 }).toBeGreaterThan(1024 * 1024);
    let ended = false;
    void stream!.closed.then(() => (ended = true));
    stream!.send({ id: 2, event: 'small', data: 'y' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(ended).toBe(false);
  });

  it('closeEventStreams() ends every open stream so server.close() is not held up by them', async () => {
    const app = express();
    let opened = 0;
    app.get('/stream', (req, res) => {
      openEventStream(req, res);
      opened += 1;
    });
    const { server, port } = await listen(app);
    // Idle keep-alive connections would otherwise close after 5 s by themselves and hide a connection left open.
    server.keepAliveTimeout = 0;
    const clients = [rawGet(port), rawGet(port)];
    await expect.poll(() => opened).toBe(2);
    const received = clients.map((socket) => {
      const chunks: string[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
      return chunks;
    });
    const serverClosed = new Promise((resolve) => server.close(resolve));
    // The jitter pinned at both ends of its range: 1 s and 2 s (SHUTDOWN_RECONNECT).
    const jitter = [0, 0.999];
    expect(closeEventStreams({ random: () => jitter.shift() ?? 0 })).toBe(2);
    // Each response ends (the last chunk of a chunked body) and its connection with it, so the server closes.
    await expect.poll(() => received.every((chunks) => chunks.join('').endsWith('0\r\n\r\n'))).toBe(true);
    // Before that, each client was told to come back elsewhere after its own wait (graceful shutdown, issue 22).
    const told = received.map((chunks) => /retry: (\d+)\nevent: reconnect\ndata: \{"retry_ms":(\d+)\}/.exec(chunks.join(''))?.slice(1));
    expect(told).toEqual([
      ['1000', '1000'],
      ['1999', '1999'],
    ]);
    await serverClosed;
    servers.splice(servers.indexOf(server), 1);
  });
});
