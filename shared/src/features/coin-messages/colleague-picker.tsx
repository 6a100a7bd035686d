import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Person, personLabel } from '../../domain/people';
import { PersonOption } from '../../ui/person-option';
import { useFeatureContext } from '../feature-context';

/**
 * A search box listing colleagues of the viewer's organisation (GET /organizations/:id/members, readable by members),
 * found by name, nickname, group or email fragment, each shown with what tells people of the same name apart.
 */
export function ColleaguePicker({ exclude, onPick }: { exclude: Set<string>; onPick: (colleague: Person) => void }) {
  const { t } = useTranslation(['coins']);
  const { api, viewer, resolveUrl } = useFeatureContext();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const inputId = useId();
  const listId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const organizationId = viewer?.organizationId;
  const colleagues = useQuery({
    queryKey: ['coin-colleagues', organizationId, search],
    enabled: Boolean(organizationId) && search !== '',
    queryFn: async () => (await api.get<Person[]>(`/organizations/${organizationId}/members`, { q: { name: search }, per: 10 })).data,
  });
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
                    setSearch('');
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
