import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpResponseError } from '../api/errors';
import { useFeatureContext } from '../features/feature-context';
import './button.css';
import './image-input.css';
import './layout.css';
import './visually-hidden.css';

/** Same limit and types as the server (POST /api/images): spec §5 image files only, one image, size limit. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The validation code for what a person picked, or null when it can be uploaded. */
export function checkImageFiles(
  files: readonly { type: string; size: number }[],
): 'validation.oneImage' | 'validation.imageOnly' | 'validation.imageTooLarge' | null {
  if (files.length !== 1) return files.length > 1 ? 'validation.oneImage' : null;
  const [file] = files as [{ type: string; size: number }];
  if (!IMAGE_TYPES.includes(file.type)) return 'validation.imageOnly';
  if (file.size > MAX_IMAGE_BYTES) return 'validation.imageTooLarge';
  return null;
}

export type ImageInputProps = {
  /** The current image URL, or null for none. */
  value: string | null;
  onChange: (url: string | null) => void;
  label: string;
  /** A hint under the field (the recommended size, say). */
  hint?: string;
  /** Bearer to upload with instead of the session's (a shared event's guest). */
  token?: string | null;
  disabled?: boolean;
};

/**
 * One image: pick (a button in the page's language opens the visually hidden native input, whose own "Choose file" text
 * follows the browser) or drop a file, it is checked here (type, one file, 5 MB), uploaded to POST /api/images through the
 * feature context's API client while a progress bar shows, and its URL handed to onChange. A preview (through the host's
 * resolveUrl) and a remove button show the current value.
 */
export function ImageInput({ value, onChange, label, hint, token, disabled }: ImageInputProps) {
  const { t } = useTranslation('common');
  const { api, resolveUrl } = useFeatureContext();
  const inputId = useId();
  const messageId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // The picked file's name and the URL its upload gave: the name shows while it uploads and while that URL is the value.
  const [picked, setPicked] = useState<[string, string?]>(['']);

  async function take(files: File[]) {
    const problem = checkImageFiles(files);
    if (problem) {
      setMessage(t(`validation:${problem.split('.')[1]}`));
      return;
    }
    const [file] = files;
    if (!file) return;
    setMessage(null);
    setPicked([file.name]);
    setUploading(true);
    try {
      const form = new FormData();
      form.append('image', file, file.name);
      const { data } = await api.post<{ url: string }>('/images', form, token ? { token } : {});
      setPicked([file.name, data.url]);
      onChange(data.url);
    } catch (error) {
      const detail = error instanceof HttpResponseError ? error.errors[0]?.detail : undefined;
      setMessage(detail ?? t('errors:image.uploadFailed'));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  const onPick = (event: ChangeEvent<HTMLInputElement>) => void take([...(event.target.files ?? [])]);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (!disabled && !uploading) void take([...event.dataTransfer.files]);
  };

  const busy = disabled || uploading;
  const chosen = uploading || (value && picked[1] === value) ? picked[0] : value ? null : t('imageInput.none');
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop zone wraps the real controls (label and file input); dropping is an extra for mice.
    <div className="kiwi-image-input" onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
      <label id={`${inputId}l`} htmlFor={inputId} className="kiwi-image-input__label">
        {label}
      </label>
      {/* The value stays the API's relative URL (it is what the form sends); only the preview loads it resolved. */}
      {value ? <img className="kiwi-image-input__preview" src={resolveUrl(value)} alt={t('imageInput.preview', { label })} /> : null}
      <div className="kiwi-row">
        {/* Out of the tab order: the button below stands for it; its label keeps naming it for assistive tools. */}
        <input
          ref={input}
          id={inputId}
          className="kiwi-visually-hidden"
          type="file"
          tabIndex={-1}
          accept={IMAGE_TYPES.join(',')}
          disabled={busy}
          aria-describedby={messageId}
          aria-invalid={message ? true : undefined}
          onChange={onPick}
        />
        <button
          type="button"
          className="kiwi-button"
          disabled={busy}
          aria-describedby={`${inputId}l ${inputId}c ${messageId}`}
          onClick={() => input.current?.click()}
        >
          {t('imageInput.choose')}
        </button>
        <span id={`${inputId}c`} className="kiwi-image-input__hint">
          {chosen}
        </span>
        {value ? (
          <button type="button" className="kiwi-button kiwi-button--transparent" disabled={busy} onClick={() => onChange(null)}>
            {t('imageInput.remove')}
          </button>
        ) : null}
      </div>
      {uploading ? <progress className="kiwi-image-input__progress" aria-label={t('imageInput.uploading')} /> : null}
      <div id={messageId}>
        {hint ? <p className="kiwi-image-input__hint">{hint}</p> : null}
        {message ? (
          <p className="kiwi-image-input__error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
