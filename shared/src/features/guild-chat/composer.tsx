import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countGraphemes } from '../../domain/graphemes';
import { GUILD_LIMITS } from '../../domain/guild-rules';
import { ImageInput } from '../../ui/image-input';

/** The guild chat's new-message box: text with its grapheme counter, one image, Ctrl/Cmd+Enter sends. */
export function Composer({ onSend }: { onSend: (body: string, imageUrls: string[]) => void }) {
  const { t } = useTranslation(['guilds', 'validation']);
  const [body, setBody] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [imageKey, setImageKey] = useState(0);
  const textId = useId();
  const counterId = useId();
  const length = countGraphemes(body);
  const tooLong = length > GUILD_LIMITS.messageMax;
  const empty = body.trim() === '' && image === null;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (empty || tooLong) return;
    onSend(body, image ? [image] : []);
    setBody('');
    setImage(null);
    setImageKey((key) => key + 1);
  };

  return (
    <form className="kiwi-guild__composer" onSubmit={submit} aria-label={t('guilds:chat.composer')}>
      <label htmlFor={textId}>{t('guilds:chat.newMessage')}</label>
      <textarea
        id={textId}
        value={body}
        rows={3}
        aria-describedby={counterId}
        aria-invalid={tooLong}
        placeholder={t('guilds:chat.placeholder')}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
        }}
      />
      <p id={counterId} className={tooLong ? 'kiwi-guild__error' : 'kiwi-guild__muted'}>
        {tooLong
          ? t('validation:tooLong', { count: GUILD_LIMITS.messageMax })
          : t('guilds:chat.counter', { count: length, max: GUILD_LIMITS.messageMax })}
      </p>
      <ImageInput key={imageKey} value={image} onChange={setImage} label={t('guilds:chat.image')} />
      <button type="submit" className="kiwi-button kiwi-button--primary" disabled={empty || tooLong}>
        {t('guilds:chat.send')}
      </button>
    </form>
  );
}
