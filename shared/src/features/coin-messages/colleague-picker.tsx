import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Person, personLabel } from '../../domain/people';
import { PersonOption } from '../../ui/person-option';
import { useFeatureContext } from '../feature-context';
import { usePeopleSearch } from '../people-search';

/**
 * A search box listing colleagues of the viewer's organisation (GET /organizations/:id/members, readable by members),
 * found by name, nickname, group or email fragment, each shown with what tells people of the same name apart.
 */
export function ColleaguePicker({ exclude, onPick }: { exclude: Set<string>; onPick: (colleague: Person) => void }) {
  const { t } = useTranslation(['coins']);
  const { viewer, resolveUrl } = useFeatureContext();
  const [text, setText] = useState('');
  const inputId = useId();
  const listId = useId();
  const { search, people: colleagues, forget } = usePeopleSearch(viewer?.organizationId, text);
  const choices = (colleagues.data ?? []).filter((c) => c.id !== viewer?.organizationMemberId && !exclude.has(c.id));

  return (
    <div className="kiwi-coins__picker">
      <label htmlFor={inputId}>{t('coins:send.search')}</label>
      <input
        id={inputId}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-controls={listId}
        autoComplete="off"
      />
      <div id={listId} aria-live="polite">
        {search === '' ? null : colleagues.isPending ? (
          <p role="status">{t('coins:send.searching')}</p>
        ) : colleagues.isError ? (
          <p role="alert">{t('coins:send.searchFailed')}</p>
        ) : choices.length === 0 ? (
          <p>{t('coins:send.noMatches')}</p>
        ) : (
          <ul className="kiwi-coins__choices">
            {choices.map((colleague) => (
              <li key={colleague.id}>
                <button
                  type="button"
                  className="kiwi-coins__choice"
                  aria-label={t('coins:send.add', { name: personLabel(colleague) })}
                  onClick={() => {
                    onPick(colleague);
                    setText('');
                    forget();
                  }}
                >
                  <PersonOption person={colleague} resolveUrl={resolveUrl} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
