// People with the same name (issue 21 point 4): what a picker shows of a colleague so two "Sato Hanako"s can be told
// apart (nickname, icon, group, a masked email fragment), without handing members each other's full email address.

/**
 * The email as a picker shows it to colleagues: the first two characters of the local part and of the domain, the rest
 * hidden ("taro.sato@acme.example" -> "ta***@ac…"). Short parts keep only their first character.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '***';
  const local = [...email.slice(0, at)];
  const domain = [...email.slice(at + 1)];
  const keep = (part: string[]) => part.slice(0, part.length > 2 ? 2 : 1).join('');
  return `${keep(local)}***@${keep(domain)}…`;
}

/** A colleague as the people pickers list them (GET /organizations/:id/members, the colleague view). */
export type Person = {
  id: string;
  name: string;
  nickname?: string | null;
  icon?: string | null;
  /** maskEmail of their email (absent in old answers). */
  emailHint?: string | null;
  groups?: readonly { name: string }[];
};

/** The group names and the email fragment that tell two people of the same name apart, as one line. */
export function personDetails(person: Person): string {
  return [...(person.groups ?? []).map((group) => group.name), person.emailHint ?? ''].filter((part) => part !== '').join(' · ');
}

/** A person on one line, for a <select> option or an accessible name: "Taro-chan (Suzuki Taro) · Sales · ta***@ac…". */
export function personLabel(person: Person): string {
  const name = person.nickname ? `${person.nickname} (${person.name})` : person.name;
  const details = personDetails(person);
  return details ? `${name} · ${details}` : name;
}
