import { useTranslation } from 'react-i18next';
import type { ApiCallOptions, ApiClient } from '../api/client';
import './reactions.css';

/** A message's reactions as every API sends them (contract 4): guild, event and walking-event messages alike. */
export type WireReaction = { emoji: string; count: number; 'reacted-by-me': boolean; names: string[] };

/** Flips the viewer's `emoji` on a message: DELETE when they reacted with it, else POST, to its reactions path. */
export function toggleReaction<T>(api: ApiClient, path: string, reactions: WireReaction[], emoji: string, options?: ApiCallOptions) {
  const body = { message_reaction: { emoji } };
  const mine = reactions.find((reaction) => reaction.emoji === emoji)?.['reacted-by-me'] ?? false;
  return mine ? api.delete<T>(path, { ...options, body }) : api.post<T>(path, body, options);
}

export type ReactionsProps = {
  reactions: WireReaction[];
  onToggle: (emoji: string) => void;
  disabled?: boolean;
};

/**
 * The one reactions summary (guild chat, event messages, the walking-event cheer board): one toggle chip per emoji with its count; pressed when the viewer reacted. Who reacted is the chip's tooltip and its
 * accessible name. Nothing is rendered for no reactions.
 */
export function Reactions({ reactions, onToggle, disabled }: ReactionsProps) {
  const { t } = useTranslation('common');
  const shown = reactions.filter((reaction) => reaction.count > 0);
  if (shown.length === 0) return null;
  return (
    <ul className="kiwi-reactions" aria-label={t('reactions.group')}>
      {shown.map((reaction) => {
        const summary = t('reactions.summary', { emoji: reaction.emoji, count: reaction.count, names: reaction.names.join(', ') });
        return (
          <li key={reaction.emoji}>
            <button
              type="button"
              className={`kiwi-reactions__chip${reaction['reacted-by-me'] ? ' kiwi-reactions__chip--mine' : ''}`}
              aria-pressed={reaction['reacted-by-me']}
              aria-label={summary}
              title={summary}
              disabled={disabled}
              onClick={() => onToggle(reaction.emoji)}
            >
              <span aria-hidden="true" className="kiwi-reactions__emoji">
                {reaction.emoji}
              </span>
              <span aria-hidden="true" className="kiwi-reactions__count">
                {reaction.count}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
