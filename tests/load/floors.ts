// The two floors GET /api/user is measured against: a bare node:http JSON endpoint and a bare Express 5 res.json.
// Run as a child process: `node --import tsx tests/load/floors.ts http|express <port>`.
import { createServer } from 'node:http';
import express from 'express';

const [kind, portArg] = process.argv.slice(2);
const port = Number(portArg);
const body = { data: { type: 'users', id: '1', attributes: { name: 'floor' } } };

if (kind === 'http') {
  const payload = JSON.stringify(body);
  createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    res.end(payload);
  }).listen(port, '127.0.0.1', () => process.send?.('ready'));
} else {
  const app = express();
  app.get('/api/user', (_req, res) => {
    res.json(body);
  });
  app.listen(port, '127.0.0.1', () => process.send?.('ready'));
}
