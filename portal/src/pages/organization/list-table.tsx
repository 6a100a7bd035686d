import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DecodedDocument } from '@kiwi/shared/api/jsonapi';
import { CardTable } from '../../layout/card-table';
import { Empty, LoadFailed, Loading } from './page-states';
import { Pager, type PagerLabels } from './pager';

type Props<T> = {
  query: UseQueryResult<DecodedDocument<T[]>>;
  /** The table's accessible name (a hidden caption). */
  caption: string;
  empty: string;
  headers: string[];
  /** The table body's rows for the listed items (in the order the page wants). */
  rows: (items: T[]) => ReactNode;
  /** With paging: the current page and how to move. */
  paging?: { page: number; onPage: (page: number) => void; labels?: PagerLabels };
  /** Above the table once there are rows (a count, say). */
  summary?: (document: DecodedDocument<T[]>) => ReactNode;
};

/** A list from the API as the one card table (a table on wide screens, cards on phones), with the loading, error and empty states every organisation page shows alike. */
export function ListTable<T>({ query, caption, empty, headers, rows, paging, summary }: Props<T>) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (query.data.data.length === 0) return <Empty text={empty} />;
  return (
    <>
      {summary?.(query.data)}
      <CardTable caption={caption} headers={headers}>
        {rows(query.data.data)}
      </CardTable>
      {paging && (
        <Pager page={paging.page} totalPages={Number(query.data.meta?.totalPages ?? 0)} onPage={paging.onPage} labels={paging.labels} />
      )}
    </>
  );
}

/** A row's text button named after its row ("Edit: Sales"), so each one in the table has its own accessible name. */
export function RowAction({ label, subject, onClick }: { label: string; subject: string; onClick: () => void }) {
  return (
    <button type="button" className="kiwi-button kiwi-button--text" onClick={onClick} aria-label={`${label}: ${subject}`}>
      {label}
    </button>
  );
}
