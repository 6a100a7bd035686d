import { appInformationState } from '@kiwi/shared/schemas/app-informations';
import type { AppInformationRow } from '../../db/schema/home';
import { serialize } from '../../jsonapi/serialize';

const attributes = (now: Date) => (row: AppInformationRow) => ({
  title: row.title,
  body: row.body,
  headCopy: row.headCopy,
  iconName: row.iconName,
  publishedAt: row.publishedAt,
  unpublishedAt: row.unpublishedAt,
  /** scheduled | published | unpublished at the time of the answer (publishedAt <= now is published). */
  state: appInformationState(row, now),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const presentAppInformation = (row: AppInformationRow, now: Date) =>
  serialize('app-informations', row, { attributes: attributes(now) });

export const presentAppInformations = (
  rows: AppInformationRow[],
  now: Date,
  pagination: { page: number; per: number; total: number; url: string },
) => serialize('app-informations', rows, { attributes: attributes(now), pagination });
