import { type ReactNode, useId } from 'react';

/** A card of the member's own settings pages (profile, MFA), labelled by its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="profile-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
