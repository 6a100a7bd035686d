import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { LoadFailed, Loading } from '../organization/page-states';

type Props = {
  title: string;
  help: string;
  /** What the section loads: until it has, its loading or error state (with "retry") stands in for the content. */
  query?: Pick<UseQueryResult, 'isPending' | 'isError' | 'refetch'>;
  children: ReactNode;
};

/** One section of the External services page: a titled (and so named) region, a line of help, then its content. */
export function ServiceSection({ title, help, query, children }: Props) {
  const id = useId();
  return (
    <section className="external-services__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p>{help}</p>
      {query?.isPending ? <Loading /> : query?.isError ? <LoadFailed onRetry={() => void query.refetch()} /> : children}
    </section>
  );
}
