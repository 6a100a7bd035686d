import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { type RequestHandler, Router } from 'express';
import multer from 'multer';
import { authenticate } from '../../auth/guards';
import { perIpRateLimit } from '../../http/rate-limit';
import { ApiError, notFound } from '../../jsonapi/errors';
import { detectImageType, loadImage, MAX_IMAGE_BYTES, saveImage, type Uploader } from '../../storage/image-store';
import type { ModuleDependencies } from '../deps';
import { publicRateLimit } from '../system-settings/cache';
import { findGuest, guestBearer } from '../shared-events/guest-auth';
import { presentImage } from './presenter';

const FIELD = 'image';

export function imagesRoutes(deps: ModuleDependencies): Router {
  const { db } = deps;
  const router = Router();
  const guestLimit = perIpRateLimit(deps, { name: 'images.guest', limit: publicRateLimit(deps) });

  // A guest's upload is a public call and counts against the per-IP limit; a signed-in member's does not.
  const limitGuests: RequestHandler = (req, res, next) => (guestBearer(req) ? guestLimit(req, res, next) : next());

  router.post('/images', limitGuests, async (req, res) => {
    const uploader = await resolveUploader(req);
    const file = await receiveOneImage(req, res);
    const contentType = detectImageType(file.buffer);
    if (!contentType) throw new ApiError(ErrorCode.validationImageOnly, { pointer: `/${FIELD}` });
    const stored = await db.db.transaction((tx) => saveImage(tx, { bytes: file.buffer, contentType, uploader }));
    // The uploader's own answer: no cache keeps it.
    res.setHeader('Cache-Control', 'no-store');
    res.status(201).json(presentImage(stored));
  });

  router.get('/images/:key', async (req, res) => {
    // Issue 22 point 5, per access kind: the bytes are the same for everybody (any cache may keep them for a year), the
    // CORS headers differ by Origin (Vary: Origin), and "missing" is never kept: the key may be an upload in progress.
    res.vary('Origin');
    const image = await loadImage(db.db, req.params.key ?? '');
    if (!image) {
      res.setHeader('Cache-Control', 'no-store');
      throw notFound();
    }
    // The key is random and never reused, so the bytes behind a URL never change.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Content-Disposition', 'inline');
    res.type(image.contentType).send(image.data);
  });

  async function resolveUploader(req: Parameters<RequestHandler>[0]): Promise<Uploader> {
    const guest = await findGuest(db.db, req);
    if (guest) return { guestId: guest.id };
    const session = await authenticate(req);
    return { userId: session.user.id };
  }

  return router;
}

const upload = multer({
  storage: multer.memoryStorage(),
  // Two files are let through so a second one is reported as "only one image" rather than as a broken request.
  limits: { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 5, parts: 7 },
}).any();

/** Exactly one file in the `image` field, at most 5 MB: validation.oneImage / validation.imageTooLarge otherwise. */
function receiveOneImage(req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]): Promise<Express.Multer.File> {
  return new Promise((resolve, reject) => {
    upload(req, res, (error: unknown) => {
      if (error) {
        reject(uploadError(error));
        return;
      }
      const files = (req.files as Express.Multer.File[] | undefined) ?? [];
      const pointer = `/${FIELD}`;
      if (files.length > 1) reject(new ApiError(ErrorCode.validationOneImage, { pointer }));
      else if (files.length === 0) reject(new ApiError(ErrorCode.validationRequired, { pointer }));
      else if (files[0]?.fieldname !== FIELD) reject(new ApiError(ErrorCode.validationUnknownKey, { pointer: `/${files[0]?.fieldname}` }));
      else resolve(files[0]);
    });
  });
}

function uploadError(error: unknown): ApiError {
  const pointer = `/${FIELD}`;
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return new ApiError(ErrorCode.validationImageTooLarge, { pointer, params: { count: 5 } });
    if (error.code === 'LIMIT_FILE_COUNT') return new ApiError(ErrorCode.validationOneImage, { pointer });
    return new ApiError(ErrorCode.requestMalformedJson);
  }
  // busboy: a multipart body it cannot read (no boundary, truncated).
  return new ApiError(ErrorCode.requestMalformedJson, { cause: error });
}
