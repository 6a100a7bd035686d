import { useTranslation } from 'react-i18next';
import { useImageViewer } from './image-viewer';
import './message-images.css';

export type MessageImagesProps = {
  /** The message's image URLs, in order. Nothing is rendered for none. */
  urls: string[];
  /** Whose images they are: the image viewer's title. */
  authorName: string;
  /** `tile`: small square thumbnails (event messages); `preview`: larger previews in their own ratio (guild chat). */
  size?: 'tile' | 'preview';
};

/** A message's images as a strip of buttons, each opening the shared image viewer at that image. */
export function MessageImages({ urls, authorName, size = 'preview' }: MessageImagesProps) {
  const { t } = useTranslation('common');
  const viewer = useImageViewer();
  if (urls.length === 0) return null;
  return (
    <ul className={`kiwi-message-images kiwi-message-images--${size}`}>
      {urls.map((url, index) => (
        <li key={url}>
          <button
            type="button"
            className="kiwi-message-images__button"
            aria-label={t('common:messageImages.open', { index: index + 1, count: urls.length })}
            onClick={() =>
              viewer.openImageViewer({
                title: t('common:messageImages.title', { name: authorName }),
                images: urls.map((image) => ({ url: image, thumbnailUrl: image })),
                index,
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
