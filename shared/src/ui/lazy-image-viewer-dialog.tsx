import type { ImageViewerDialogProps } from './image-viewer';
import { lazyOr } from './lazy-chunk';

/**
 * The image viewer's dialog for `openImageViewer({ dialog })`: a chunk of its own, fetched when first opened (a failed
 * load leaves the page as it was). Imported by the modules that show images (message-images.tsx, the portal's report
 * evidence), not by the provider, so that a widget without images (<kiwi-coin-message>) neither loads nor counts it.
 */
export const LazyImageViewerDialog = lazyOr<ImageViewerDialogProps>(
  () => import('./image-viewer-dialog').then((module) => ({ default: module.ImageViewerDialog })),
  () => null,
);
