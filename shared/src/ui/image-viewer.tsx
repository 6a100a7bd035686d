import { createContext, type ReactNode, Suspense, useCallback, useContext, useMemo, useReducer, useRef } from 'react';
import { lazyOr } from './lazy-chunk';

/** SPEC §3: an image viewer item. */
export type ViewerImage = { url: string; thumbnailUrl: string; title?: string };
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

export type ImageViewerDialogProps = { state: ImageViewerState; onSelect: (index: number) => void; onClose: () => void };
/** Most pages never open an image: the dialog is a chunk of its own (a failed load leaves the page as it was). */
const LazyImageViewerDialog = lazyOr<ImageViewerDialogProps>(
  () => import('./image-viewer-dialog').then((module) => ({ default: module.ImageViewerDialog })),
  () => null,
);

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

  // The dialog (and its CSS) is fetched when first opened, then kept mounted so that closing returns focus as usual.
  const opened = useRef(false);
  opened.current ||= state.open;

  return (
    <ImageViewerContext.Provider value={api}>
      {children}
      {opened.current && (
        <Suspense fallback={null}>
          <LazyImageViewerDialog state={state} onSelect={(index) => dispatch({ type: 'SELECT', index })} onClose={closeImageViewer} />
        </Suspense>
      )}
    </ImageViewerContext.Provider>
  );
}

export function useImageViewer(): ImageViewerApi {
  const api = useContext(ImageViewerContext);
  if (!api) throw new Error('useImageViewer must be used inside <ImageViewerProvider>');
  return api;
}
