import { type ComponentType, createContext, type ReactNode, Suspense, useCallback, useContext, useMemo, useReducer, useState } from 'react';

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

export type ImageViewerDialogProps = { state: ImageViewerState; onSelect: (index: number) => void; onClose: () => void };
export type ImageViewerApi = {
  /**
   * `dialog` is the opener's: lazy-image-viewer-dialog.tsx's chunk, imported by the modules that show images, so that a
   * widget or page that never shows one does not list (or count) the dialog's chunk.
   */
  openImageViewer(request: { title: string; images: ViewerImage[]; index?: number; dialog: ComponentType<ImageViewerDialogProps> }): void;
  closeImageViewer(): void;
};

const ImageViewerContext = createContext<ImageViewerApi | null>(null);

/** One image viewer for the whole app; `useImageViewer()` opens it. */
export function ImageViewerProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(imageViewerReducer, initialImageViewerState);
  // The dialog (and its CSS) is fetched when first opened, then kept mounted so that closing returns focus as usual.
  const [Dialog, setDialog] = useState<ComponentType<ImageViewerDialogProps> | null>(null);
  const closeImageViewer = useCallback(() => dispatch({ type: 'CLOSE' }), []);
  const api = useMemo<ImageViewerApi>(
    () => ({
      openImageViewer: ({ title, images, index = 0, dialog }) => {
        setDialog(() => dialog);
        dispatch({ type: 'OPEN', title, images, index });
      },
      closeImageViewer,
    }),
    [closeImageViewer],
  );

  return (
    <ImageViewerContext.Provider value={api}>
      {children}
      {Dialog && (
        <Suspense fallback={null}>
          <Dialog state={state} onSelect={(index) => dispatch({ type: 'SELECT', index })} onClose={closeImageViewer} />
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
