import { type ReactNode, useId } from 'react';
import type { Home } from './home-types';

/** What every home card receives: the home (GET /api/home) and the member's organisation identifier. */
export type SectionProps = { home: Home; identifier: string };

/** A card with a heading (its accessible name) and an optional "see all" link. */
export function HomeCard({
  title,
  seeAll,
  className,
  children,
}: {
  title: string;
  seeAll?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={className ? `home-card ${className}` : 'home-card'} aria-labelledby={headingId}>
      <h2 id={headingId} className="home-card__title">
        {title}
      </h2>
      {children}
      {seeAll && <p className="home-card__more">{seeAll}</p>}
    </section>
  );
}
