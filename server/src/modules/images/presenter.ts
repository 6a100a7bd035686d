import { serialize } from '../../jsonapi/serialize';
import type { StoredImage } from '../../storage/image-store';

export function presentImage(image: StoredImage) {
  return serialize('images', image, {
    id: (row) => row.key,
    attributes: (row) => ({ url: row.url, contentType: row.contentType, byteSize: row.byteSize }),
  });
}
