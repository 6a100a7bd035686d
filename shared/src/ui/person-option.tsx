import { type Person, personDetails } from '../domain/people';
import './person-option.css';

/**
 * One person in a people picker (coins, events, guilds, walking-event teams): icon, nickname with the name beside it,
 * and their groups and masked email on a second line, so people with the same name can be told apart (issue 21).
 * `resolveUrl` loads the icon (a widget's images live on the API origin).
 */
export function PersonOption({ person, resolveUrl = (url) => url }: { person: Person; resolveUrl?: (url: string) => string }) {
  const details = personDetails(person);
  return (
    <span className="kiwi-person">
      <PersonIcon name={person.nickname || person.name} icon={person.icon ?? null} resolveUrl={resolveUrl} />
      <span className="kiwi-person__text">
        <span className="kiwi-person__name">
          {person.nickname ? (
            <>
              <strong>{person.nickname}</strong> ({person.name})
            </>
          ) : (
            <strong>{person.name}</strong>
          )}
        </span>
        {details && <span className="kiwi-person__details">{details}</span>}
      </span>
    </span>
  );
}

/** A person's icon, or the first letter of their name on a coloured disc when they have none. */
export function PersonIcon({ name, icon, resolveUrl }: { name: string; icon: string | null; resolveUrl: (url: string) => string }) {
  if (icon) return <img className="kiwi-person__icon" src={resolveUrl(icon)} alt="" width={32} height={32} />;
  return (
    <span className="kiwi-person__icon kiwi-person__icon--initial" aria-hidden="true">
      {[...name.trim()][0] ?? '?'}
    </span>
  );
}
