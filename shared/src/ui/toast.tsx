import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './toast.css';
import './visually-hidden.css';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';
/** `subject`: what the message is about; a newer message of the same subject (or, without one, the same text) replaces it. */
export type ToastMessage = { id: number; text: string; severity: ToastSeverity; subject?: string };
export type ToastState = { messages: ToastMessage[]; nextId: number };
export type ToastAction = { type: 'SHOW'; text: string; severity: ToastSeverity; subject?: string } | { type: 'CLOSE' };

/** SPEC §4 and §9: the toast hides itself 10 s after the last message arrived. */
export const TOAST_AUTO_HIDE_MS = 10_000;

export const initialToastState: ToastState = { messages: [], nextId: 1 };

export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'SHOW': {
      // Issue 21: contradictory messages do not stack ("published", then "unpublished"): the latest per subject stays.
      const subject = action.subject ?? action.text;
      return {
        messages: [
          ...state.messages.filter((message) => (message.subject ?? message.text) !== subject),
          { id: state.nextId, text: action.text, severity: action.severity, subject: action.subject },
        ],
        nextId: state.nextId + 1,
      };
    }
    case 'CLOSE':
      return state.messages.length === 0 ? state : { ...state, messages: [] };
  }
}

export function isToastOpen(state: ToastState): boolean {
  return state.messages.length > 0;
}

export type ToastApi = {
  /** `subject` groups messages about one thing: only the latest of each is shown. */
  showToast(text: string, severity?: ToastSeverity, subject?: string): void;
  closeToast(): void;
};

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children, autoHideMs = TOAST_AUTO_HIDE_MS }: { children: ReactNode; autoHideMs?: number }) {
  const [state, dispatch] = useReducer(toastReducer, initialToastState);
  const closeToast = useCallback(() => dispatch({ type: 'CLOSE' }), []);
  const showToast = useCallback(
    (text: string, severity: ToastSeverity = 'info', subject?: string) => dispatch({ type: 'SHOW', text, severity, subject }),
    [],
  );
  const api = useMemo(() => ({ showToast, closeToast }), [showToast, closeToast]);

  useEffect(() => {
    if (!isToastOpen(state)) return;
    const timer = setTimeout(closeToast, autoHideMs);
    return () => clearTimeout(timer);
  }, [state, autoHideMs, closeToast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toast messages={state.messages} onClose={closeToast} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

function Toast({ messages, onClose }: { messages: ToastMessage[]; onClose: () => void }) {
  const { t } = useTranslation('common');
  // The live region stays mounted so screen readers announce messages added to it.
  return (
    <section className="kiwi-toast" aria-label={t('toast.label')} data-open={messages.length > 0}>
      <div role="status" aria-live="polite">
        {messages.length > 0 && (
          <div className="kiwi-toast__panel">
            <ul className="kiwi-toast__list">
              {messages.map((message) => (
                <li
                  key={message.id}
                  className={`kiwi-toast__message kiwi-toast__message--${message.severity}`}
                  data-severity={message.severity}
                >
                  <span className="kiwi-visually-hidden">{t(`toast.severity.${message.severity}`)}: </span>
                  {message.text}
                </li>
              ))}
            </ul>
            <button type="button" className="kiwi-toast__close" onClick={onClose} aria-label={t('toast.close')}>
              ×
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
