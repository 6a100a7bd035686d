import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countGraphemes } from '../../domain/graphemes';
import { GUILD_LIMITS } from '../../domain/guild-rules';
import { ImageInput } from '../../ui/image-input';
import { type ComposerValues, composerResolver, messageBodyProblem, problemText } from './chat-rules';

/**
 * The guild chat's new-message box: text with its grapheme counter, one image, Ctrl/Cmd+Enter sends. Sending is
 * optimistic (the chat panel posts it and shows it at once), so the form empties and keeps the focus in the text.
 */
export function Composer({ onSend }: { onSend: (body: string, imageUrls: string[]) => void }) {
  const { t } = useTranslation(['guilds', 'validation']);
  const { register, handleSubmit, watch, setValue, reset, setFocus, formState } = useForm<ComposerValues>({
    defaultValues: { body: '', image: null },
    resolver: composerResolver(t),
  });
  const { body, image } = watch();
  // The image input keeps what it was picking (a message, the file name) until it is mounted again.
  const [imageKey, setImageKey] = useState(0);
  const textId = useId();
  const counterId = useId();
  const length = countGraphemes(body);
  // The length rule is shown as it is typed; "nothing to send" is the disabled button's, never a message.
  const live = messageBodyProblem(body);
  const submitted = formState.errors.body?.type === 'validation.required' ? undefined : formState.errors.body?.message;
  const problem = live ? problemText(t, live) : submitted;
  const empty = body.trim() === '' && image === null;

  const submit = handleSubmit((values) => {
    onSend(values.body, values.image ? [values.image] : []);
    // Focus first: react-hook-form's reset() lets go of the fields until the next render registers them again.
    setFocus('body');
    reset();
    setImageKey((key) => key + 1);
  });

  return (
    <form className="kiwi-guild__composer" onSubmit={submit} aria-label={t('guilds:chat.composer')} noValidate>
      <label htmlFor={textId}>{t('guilds:chat.newMessage')}</label>
      <textarea
        id={textId}
        rows={3}
        aria-describedby={counterId}
        aria-invalid={problem !== undefined}
        placeholder={t('guilds:chat.placeholder')}
        {...register('body')}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !empty) void submit();
        }}
      />
      <p id={counterId} className={problem ? 'kiwi-guild__error' : 'kiwi-guild__muted'}>
        {problem ?? t('guilds:chat.counter', { count: length, max: GUILD_LIMITS.messageMax })}
      </p>
      <ImageInput
        key={imageKey}
        value={image}
        onChange={(url) => setValue('image', url, { shouldValidate: formState.isSubmitted, shouldDirty: true })}
        label={t('guilds:chat.image')}
      />
      <button type="submit" className="kiwi-button kiwi-button--primary" disabled={empty || live !== null}>
        {t('guilds:chat.send')}
      </button>
    </form>
  );
}
