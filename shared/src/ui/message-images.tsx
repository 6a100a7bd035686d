import { useTranslation } from 'react-i18next';
import { useFeatureContext } from '../features/feature-context';
import { useImageViewer } from './image-viewer';
import { LazyImageViewerDialog } from './lazy-image-viewer-dialog';
import './message-images.css';

export type MessageImagesProps = {
  /** The message's image URLs, in order. Nothing is rendered for none. */
  urls: string[];
  /** Whose images they are: the image viewer's title. */
  authorName: string;
  /** `tile`: small square thumbnails (event messages); `preview`: larger previews in their own ratio (guild chat). */
  size?: 'tile' | 'preview';
};

/**
 * A message's images as a strip of buttons, each opening the shared image viewer at that image. The URLs are the API's
 * ("/api/images/..."); they go through the host's `resolveUrl` before the page loads them (a widget's page is on
 * another origin), so the viewer gets loadable URLs too.
 */
export function MessageImages({ urls, authorName, size = 'preview' }: MessageImagesProps) {
  const { t } = useTranslation('common');
  const viewer = useImageViewer();
  const { resolveUrl } = useFeatureContext();
  if (urls.length === 0) return null;
  const shown = urls.map(resolveUrl);
  return (
    <ul className={`kiwi-message-images kiwi-message-images--${size}`}>
      {shown.map((url, index) => (
        <li key={`${index}-${url}`}>
          <button
            type="button"
            className="kiwi-message-images__button"
            aria-label={t('common:messageImages.open', { index: index + 1, count: shown.length })}
            onClick={() =>
              viewer.openImageViewer({
                title: t('common:messageImages.title', { name: authorName }),
                images: shown.map((image) => ({ url: image, thumbnailUrl: image })),
                index,
                dialog: LazyImageViewerDialog,
              })
            }
          >
            <img src={url} alt="" loading="lazy" />
          </button>
        </li>
      ))}
    </ul>
  );
}
