// The image viewer's dialog (SPEC §2), loaded when the viewer first opens (image-viewer.tsx holds its state).
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasNextImage, hasPreviousImage, type ImageViewerDialogProps, type ViewerImage } from './image-viewer';
import { ModalDialog } from './modal-dialog';
import './image-viewer.css';

export function ImageViewerDialog({ state, onSelect, onClose }: ImageViewerDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const itemTitleId = useId();
  const [downloading, setDownloading] = useState(false);
  const current = state.images[state.index];
  const count = state.images.length;
  const imageLabel = (image: ViewerImage, index: number) => image.title ?? t('imageViewer.imageOf', { index: index + 1, count });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' && hasPreviousImage(state)) onSelect(state.index - 1);
    if (event.key === 'ArrowRight' && hasNextImage(state)) onSelect(state.index + 1);
  };
  const download = (image: ViewerImage) => {
    setDownloading(true);
    void downloadImage(image).finally(() => setDownloading(false));
  };

  return (
    <ModalDialog
      open={state.open}
      onCancel={onClose}
      className="kiwi-image-viewer"
      labelledBy={current?.title ? `${titleId} ${itemTitleId}` : titleId}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys anywhere in the dialog turn the images; the buttons stay the accessible way */}
      <div className="kiwi-image-viewer__content" onKeyDown={onKeyDown}>
        <header className="kiwi-image-viewer__header">
          <div className="kiwi-image-viewer__titles">
            <h2 id={titleId} className="kiwi-image-viewer__title">
              {state.title}
            </h2>
            {current?.title && (
              <p id={itemTitleId} className="kiwi-image-viewer__item-title">
                {current.title}
              </p>
            )}
          </div>
          <button type="button" className="kiwi-image-viewer__icon-button" onClick={onClose} aria-label={t('actions.close')}>
            ×
          </button>
        </header>
        <div className="kiwi-image-viewer__stage">
          <button
            type="button"
            className="kiwi-image-viewer__icon-button"
            onClick={() => onSelect(state.index - 1)}
            disabled={!hasPreviousImage(state)}
            aria-label={t('imageViewer.previous')}
          >
            ‹
          </button>
          <div className="kiwi-image-viewer__image-area">
            {current && <img className="kiwi-image-viewer__image" src={current.url} alt={imageLabel(current, state.index)} />}
          </div>
          <button
            type="button"
            className="kiwi-image-viewer__icon-button"
            onClick={() => onSelect(state.index + 1)}
            disabled={!hasNextImage(state)}
            aria-label={t('imageViewer.next')}
          >
            ›
          </button>
        </div>
        <ul className="kiwi-image-viewer__thumbnails" aria-label={t('imageViewer.thumbnails')}>
          {state.images.map((image, index) => (
            // The same image may be listed twice; the list never reorders.
            <li key={`${index}-${image.url}`}>
              <button
                type="button"
                className="kiwi-image-viewer__thumbnail"
                aria-current={index === state.index}
                aria-label={imageLabel(image, index)}
                onClick={() => onSelect(index)}
              >
                <img src={image.thumbnailUrl} alt="" width={THUMBNAIL_SIZE} height={THUMBNAIL_SIZE} />
              </button>
            </li>
          ))}
        </ul>
        <footer className="kiwi-image-viewer__footer">
          {current && (
            <button
              type="button"
              className="kiwi-image-viewer__download"
              disabled={downloading}
              aria-busy={downloading}
              onClick={() => download(current)}
            >
              {t('imageViewer.download')}
            </button>
          )}
        </footer>
      </div>
    </ModalDialog>
  );
}

/** SPEC §9: thumbnails are 40 px. */
const THUMBNAIL_SIZE = 40;

/** How long a saved blob's object URL lives: browsers read it after the click returns, so it is not revoked at once. */
const OBJECT_URL_LIFETIME_MS = 40_000;

/** The name a downloaded image is saved under: the last segment of its URL's path (storage URLs encode the folders). */
export function downloadFileName(url: string, type = ''): string {
  let name = '';
  try {
    const { protocol, pathname } = new URL(url, 'http://localhost');
    if (protocol === 'http:' || protocol === 'https:') name = decodeURIComponent(pathname).split('/').pop() ?? '';
  } catch {
    // An unreadable URL or escape: fall back to a generic name.
  }
  name = name.replace(/[\\/:*?"<>|]/g, '_').replace(/\p{Cc}/gu, '_') || 'image';
  const extension = /^image\/([a-z0-9.+-]+)$/i.exec(type)?.[1]?.replace(/\+.*$/, '').replace('jpeg', 'jpg');
  return name.includes('.') || !extension ? name : `${name}.${extension}`;
}

/**
 * Saves the image. A link's `download` attribute is ignored for another origin (the browser would just navigate), so the
 * image is fetched as a blob and saved through an object URL; when it cannot be fetched (no CORS, offline, an error
 * status) it opens in a new tab, where the user can still save it.
 */
export async function downloadImage(image: Pick<ViewerImage, 'url'>): Promise<void> {
  let blob: Blob;
  try {
    const response = await fetch(image.url);
    if (!response.ok) throw new Error(`The image answered ${response.status}`);
    blob = await response.blob();
  } catch (error) {
    console.warn('Could not fetch the image for download; opening it instead', error);
    window.open(image.url, '_blank', 'noopener,noreferrer');
    return;
  }
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = downloadFileName(image.url, blob.type);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
}
