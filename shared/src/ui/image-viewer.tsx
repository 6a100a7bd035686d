import { createContext, useCallback, useContext, useId, useMemo, useReducer, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from './modal-dialog';
import './image-viewer.css';

export type ViewerImage = { url: string; name?: string; alt?: string };
export type ImageViewerState = { open: boolean; title: string; images: ViewerImage[]; index: number };
export type ImageViewerAction =
  | { type: 'OPEN'; title: string; images: ViewerImage[]; index: number }
  | { type: 'SELECT'; index: number }
  | { type: 'CLOSE' };

export const initialImageViewerState: ImageViewerState = { open: false, title: '', images: [], index: 0 };

/** SPEC §4: OPEN sets title, images and index and opens; SELECT only moves to an existing image; CLOSE resets. */
export function imageViewerReducer(state: ImageViewerState, action: ImageViewerAction): ImageViewerState {
  switch (action.type) {
    case 'OPEN':
      return { open: true, title: action.title, images: action.images, index: action.index };
    case 'SELECT':
      return state.images[action.index] === undefined ? state : { ...state, index: action.index };
    case 'CLOSE':
      return initialImageViewerState;
  }
}

export function hasPreviousImage(state: ImageViewerState): boolean {
  return state.index > 0;
}

export function hasNextImage(state: ImageViewerState): boolean {
  return state.index < state.images.length - 1;
}

export type ImageViewerApi = {
  openImageViewer(request: { title: string; images: ViewerImage[]; index?: number }): void;
  closeImageViewer(): void;
};

const ImageViewerContext = createContext<ImageViewerApi | null>(null);

/** One image viewer for the whole app; `useImageViewer()` opens it. */
export function ImageViewerProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(imageViewerReducer, initialImageViewerState);
  const closeImageViewer = useCallback(() => dispatch({ type: 'CLOSE' }), []);
  const api = useMemo<ImageViewerApi>(
    () => ({
      openImageViewer: ({ title, images, index = 0 }) => dispatch({ type: 'OPEN', title, images, index }),
      closeImageViewer,
    }),
    [closeImageViewer],
  );

  return (
    <ImageViewerContext value={api}>
      {children}
      <ImageViewerDialog state={state} onSelect={(index) => dispatch({ type: 'SELECT', index })} onClose={closeImageViewer} />
    </ImageViewerContext>
  );
}

export function useImageViewer(): ImageViewerApi {
  const api = useContext(ImageViewerContext);
  if (!api) throw new Error('useImageViewer must be used inside <ImageViewerProvider>');
  return api;
}

export function ImageViewerDialog({
  state,
  onSelect,
  onClose,
}: {
  state: ImageViewerState;
  onSelect: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const current = state.images[state.index];
  const count = state.images.length;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' && hasPreviousImage(state)) onSelect(state.index - 1);
    if (event.key === 'ArrowRight' && hasNextImage(state)) onSelect(state.index + 1);
  };

  return (
    <ModalDialog open={state.open} onCancel={onClose} className="kiwi-image-viewer" labelledBy={titleId}>
      <div className="kiwi-image-viewer__content" onKeyDown={onKeyDown}>
        <header className="kiwi-image-viewer__header">
          <h2 id={titleId} className="kiwi-image-viewer__title">
            {state.title}
          </h2>
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
            {current && (
              <img
                className="kiwi-image-viewer__image"
                src={current.url}
                alt={current.alt ?? t('imageViewer.imageOf', { index: state.index + 1, count })}
              />
            )}
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
            <li key={`${index}-${image.url}`}>
              <button
                type="button"
                className="kiwi-image-viewer__thumbnail"
                aria-current={index === state.index}
                aria-label={t('imageViewer.imageOf', { index: index + 1, count })}
                onClick={() => onSelect(index)}
              >
                <img src={image.url} alt="" />
              </button>
            </li>
          ))}
        </ul>
        <footer className="kiwi-image-viewer__footer">
          {current && (
            <a className="kiwi-image-viewer__download" href={current.url} download={current.name ?? ''}>
              {t('imageViewer.download')}
            </a>
          )}
        </footer>
      </div>
    </ModalDialog>
  );
}
