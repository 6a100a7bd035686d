import { createHash } from 'node:crypto';
import express, { Router } from 'express';
import { isLoopback } from '../../config';
import type { ModuleDependencies } from '../deps';

const isLoopbackPeer = (address: string | undefined) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/** The dev issuer's code for a request: the same idempotency key always gets the same code, as a real issuer's would. */
export const devPrizeCode = (idempotencyKey: string) =>
  `DEMO-${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 12).toUpperCase()}`;

/**
 * POST /dev/gift-issuer/v1/gifts: a stand-in e-gift issuer so `npm start` shows issued prizes without a real one.
 * Like the dev mailbox it exists only in development, for a server whose public URL is this machine, and answers only
 * a client on this machine (the server's own worker); anywhere else the path does not exist.
 */
export function devGiftIssuerRoutes({ config }: Pick<ModuleDependencies, 'config'>): Router {
  const router = Router();
  if (config.nodeEnv !== 'development' || !isLoopback(new URL(config.publicUrl).hostname)) return router;
  router.post('/dev/gift-issuer/v1/gifts', express.json({ limit: '4kb' }), (req, res, next) => {
    if (!isLoopbackPeer(req.socket.remoteAddress)) return next();
    const body = req.body as { gifteeCode?: unknown; idempotencyKey?: unknown } | undefined;
    if (typeof body?.gifteeCode !== 'string' || typeof body.idempotencyKey !== 'string' || body.idempotencyKey.length > 200) {
      res.status(400).json({ error: 'gifteeCode and idempotencyKey are required' });
      return;
    }
    res.status(201).json({ code: devPrizeCode(body.idempotencyKey) });
  });
  return router;
}
