import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { images } from '../db/schema/images';

/** Spec §5 "image too large": 5 MB, checked on the client before upload and here. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

/** The served path of a stored image; payloads carry it as the image `url`. */
export const imageUrl = (key: string) => `/api/images/${key}`;
const IMAGE_URL = /^\/api\/images\/([A-Za-z0-9_-]{32})$/;
export const IMAGE_KEY = /^[A-Za-z0-9_-]{32}$/;

/** The key of a URL this server handed out, or null. */
export function imageKeyOf(url: string): string | null {
  return IMAGE_URL.exec(url)?.[1] ?? null;
}

/**
 * What the bytes are, judged by their magic numbers (never by the name or the declared type): png, jpeg, gif, webp,
 * or null for anything else.
 */
export function detectImageType(bytes: Uint8Array): ImageContentType | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export type StoredImage = { key: string; url: string; contentType: ImageContentType; byteSize: number };
export type Uploader = { userId: number } | { guestId: number };

/** Stores checked image bytes under a fresh random key (24 random bytes, 32 base64url characters). */
export async function saveImage(
  tx: Executor,
  { bytes, contentType, uploader }: { bytes: Buffer; contentType: ImageContentType; uploader: Uploader },
): Promise<StoredImage> {
  const key = randomBytes(24).toString('base64url');
  await tx.insert(images).values({
    key,
    contentType,
    byteSize: bytes.byteLength,
    data: bytes,
    uploadedByUserId: 'userId' in uploader ? uploader.userId : null,
    uploadedByGuestId: 'guestId' in uploader ? uploader.guestId : null,
  });
  return { key, url: imageUrl(key), contentType, byteSize: bytes.byteLength };
}

export async function loadImage(executor: Executor, key: string): Promise<{ contentType: string; data: Buffer } | null> {
  if (!IMAGE_KEY.test(key)) return null;
  const [row] = await executor.select({ contentType: images.contentType, data: images.data }).from(images).where(eq(images.key, key));
  return row ?? null;
}
