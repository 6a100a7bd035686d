import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatAuthorName, formatDateTime, formatRelativeTime } from '../../i18n/format';
import { guildApi, guildErrorMessage, type GuildMessage } from '../../schemas/guild-resources';
import { useConfirm } from '../../ui/confirm-dialog';
import { FieldError, SaveCancelButtons } from '../../ui/form-parts';
import { EmojiPicker } from '../../ui/emoji-picker';
import { LinkifiedText } from '../../ui/linkified-text';
import { MessageImages } from '../../ui/message-images';
import { Reactions } from '../../ui/reactions';
import { useToast } from '../../ui/toast';
import { useFeatureContext } from '../feature-context';
import { ReportButton } from '../report/report-button';
import { type MessageEditValues, messageBodyProblem, messageEditResolver, problemText, serverFieldError } from './chat-rules';

/** Runs a guild call: its success said as a toast, a failure as a toast too (then thrown on). */
export type Act = (run: () => Promise<unknown>, success?: string) => Promise<void>;

/** One message of the guild chat: author and time, text or its edit form, images, reactions, and its actions. */
export function MessageItem({
  guildId,
  message,
  language,
  joined,
  canPin,
  pinned,
  onToggle,
  onPin,
  onUnpin,
  onChanged,
  act,
}: {
  guildId: string;
  message: GuildMessage;
  language: string;
  joined: boolean;
  canPin: boolean;
  pinned: boolean;
  onToggle: (emoji: string) => void;
  onPin: () => void;
  onUnpin: () => void;
  onChanged: (message: GuildMessage | null) => void;
  act: Act;
}) {
  const { t } = useTranslation(['guilds', 'common']);
  const { api } = useFeatureContext();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const author = formatAuthorName(t, message.authorName);
  return (
    <li
      className={`kiwi-guild-message${message.mine ? ' kiwi-guild-message--mine' : ''}${pinned ? ' kiwi-guild-message--pinned' : ''}`}
      aria-label={t('guilds:chat.messageBy', { name: author })}
    >
      <p className="kiwi-guild-message__meta">
        <span className="kiwi-guild-message__author">{author}</span>{' '}
        <time dateTime={message.createdAt} title={formatDateTime(message.createdAt, language)}>
          {formatRelativeTime(message.createdAt, language, new Date())}
        </time>
        {message.editedAt && <span className="kiwi-guild__muted"> {t('guilds:chat.edited')}</span>}
        {pinned && <span className="kiwi-guild__muted"> 📌</span>}
        {message.hidden && <span className="kiwi-guild__badge">{t('common:hiddenWhileReviewed')}</span>}
      </p>
      {editing ? (
        <MessageEditForm
          guildId={guildId}
          message={message}
          onSaved={(updated) => {
            onChanged(updated);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        message.body && (
          <p className="kiwi-guild-message__text">
            <LinkifiedText text={message.body} />
          </p>
        )
      )}
      <MessageImages urls={message.imageUrls} authorName={author} />
      <div className="kiwi-guild-message__footer">
        <Reactions reactions={message.reactions} onToggle={onToggle} disabled={!joined} />
        {joined && <EmojiPicker label={t('common:reactions.add')} onPick={onToggle} />}
        {!editing && (
          <span className="kiwi-row">
            {message.mine && (
              <>
                <button type="button" className="kiwi-link-button" onClick={() => setEditing(true)}>
                  {t('guilds:chat.editMessage')}
                </button>
                {/* SPEC §4: a pinned message cannot be deleted, so it offers no delete button (unpin first). */}
                {!pinned && (
                  <button
                    type="button"
                    className="kiwi-link-button"
                    onClick={() =>
                      confirm({
                        title: t('guilds:chat.deleteMessageTitle'),
                        body: t('guilds:chat.deleteMessageBody'),
                        onSubmit: () =>
                          act(async () => {
                            await api.delete(guildApi.message(guildId, message.id));
                            onChanged(null);
                          }, t('guilds:chat.messageDeleted')),
                      })
                    }
                  >
                    {t('guilds:chat.deleteMessage')}
                  </button>
                )}
              </>
            )}
            {!message.mine && <ReportButton target={{ type: 'GuildMessage', id: message.id }} name={author} />}
            {canPin &&
              (pinned ? (
                <button type="button" className="kiwi-link-button" onClick={onUnpin}>
                  {t('guilds:chat.unpin')}
                </button>
              ) : (
                <button type="button" className="kiwi-link-button" onClick={onPin}>
                  {t('guilds:chat.pin')}
                </button>
              ))}
          </span>
        )}
      </div>
    </li>
  );
}

/**
 * The author's edit of a message's text: the length rule as it is typed, the server's word on the text under it, any
 * other failure as a toast; the save's busy state is its mutation's.
 */
function MessageEditForm({
  guildId,
  message,
  onSaved,
  onCancel,
}: {
  guildId: string;
  message: GuildMessage;
  onSaved: (message: GuildMessage) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['guilds', 'common', 'validation', 'errors']);
  const { api } = useFeatureContext();
  const { showToast } = useToast();
  const { register, handleSubmit, watch, setError, formState } = useForm<MessageEditValues>({
    defaultValues: { body: message.body },
    resolver: messageEditResolver(t),
  });
  const editId = useId();
  const live = messageBodyProblem(watch('body'));
  const problem = live ? problemText(t, live) : formState.errors.body?.message;
  const save = useMutation({
    mutationFn: async (values: MessageEditValues) =>
      (await api.put<GuildMessage>(guildApi.message(guildId, message.id), { guild_message: { body: values.body } })).data as GuildMessage,
    onSuccess: onSaved,
    onError: (error) => {
      const field = serverFieldError(t, error, '/guild_message/body');
      if (field) setError('body', { type: 'server', message: field });
      else showToast(guildErrorMessage(error, t), 'error', guildId);
    },
  });

  return (
    <form
      onSubmit={handleSubmit((values) => save.mutate(values))}
      className="kiwi-guild-message__edit"
      aria-busy={save.isPending}
      noValidate
    >
      <label htmlFor={editId} className="kiwi-visually-hidden">
        {t('guilds:chat.editMessage')}
      </label>
      <textarea
        id={editId}
        rows={3}
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? `${editId}-error` : undefined}
        {...register('body')}
      />
      <FieldError id={editId} message={problem} className="kiwi-guild__error" />
      <SaveCancelButtons save={t('guilds:chat.save')} saveDisabled={save.isPending || live !== null} onCancel={onCancel} />
    </form>
  );
}
