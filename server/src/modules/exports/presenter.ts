import { serialize } from '../../jsonapi/serialize';
import type { ExportParams } from './generate';
import type { ExportListItem } from './service';

/** One `exports` resource: what was asked for, its progress and its file's state (never the bytes). */
const attributes = (row: ExportListItem) => {
  const params = row.params as ExportParams;
  return {
    kind: row.kind,
    encoding: row.encoding,
    organizationId: params.organizationId === null ? null : String(params.organizationId),
    organizationName: row.organizationName,
    groupId: params.groupId === null ? null : String(params.groupId),
    groupName: row.groupName,
    from: params.from,
    to: params.to,
    language: params.language,
    status: row.status,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    fileName: row.fileName,
    byteSize: row.byteSize,
    error: row.error,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    expiresAt: row.expiresAt,
    expired: row.expired,
    createdAt: row.createdAt,
  };
};

export const presentExport = (row: ExportListItem) => serialize('exports', row, { attributes });

export const presentExports = (rows: ExportListItem[], pagination: { page: number; per: number; total: number }) =>
  serialize('exports', rows, { attributes, pagination });
