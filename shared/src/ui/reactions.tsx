import { useTranslation } from 'react-i18next';
import './reactions.css';

export type ReactionSummary = { emoji: string; count: number; reactedByMe: boolean; names: string[] };

export type ReactionsProps = {
  reactions: ReactionSummary[];
  onToggle: (emoji: string) => void;
  disabled?: boolean;
};

/**
 * One toggle chip per emoji with its count; pressed when the viewer reacted. Who reacted is the chip's tooltip and its
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
              className={`kiwi-reactions__chip${reaction.reactedByMe ? ' kiwi-reactions__chip--mine' : ''}`}
              aria-pressed={reaction.reactedByMe}
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
