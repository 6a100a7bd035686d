import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { MEMBER_CSV_LIMITS } from '@kiwi/shared/domain/member-csv';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { sendErrors } from '../../http/error-handler';
import multer from 'multer';
import { can } from '../../auth/authorize';
import { currentSession, requireOrganizationMember } from '../../auth/guards';
import { requestLanguage } from '../../http/i18n';
import { ApiError, ApiErrorList } from '../../jsonapi/errors';
import { parseId } from '../../jsonapi/parse';
import { serialize } from '../../jsonapi/serialize';
import type { ModuleDependencies } from '../deps';
import { applyMemberCsv, readMemberCsv } from './csv-import';
import { retryOnceOnUniqueViolation } from './identity';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MEMBER_CSV_LIMITS.maxBytes, files: 1, fields: 5, parts: 6 },
}).single('file');

/** The uploaded `file` field (multipart/form-data); csv.tooLarge past 5 MB, csv.empty without a file. */
function receiveFile(req: Request, res: Response): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') reject(new ApiError(ErrorCode.csvTooLarge, { pointer: '/csv', params: { max: '5 MB' } }));
        else reject(new ApiError(ErrorCode.csvUnreadable, { pointer: '/csv' }));
        return;
      }
      if (error) {
        reject(new ApiError(ErrorCode.requestMalformedJson, { cause: error }));
        return;
      }
      if (!req.file) {
        reject(new ApiError(ErrorCode.csvEmpty, { pointer: '/csv' }));
        return;
      }
      resolve(req.file.buffer);
    });
  });
}

/**
 * A file's error report lists its first MEMBER_CSV_LIMITS.errorsListed problems (10,000 bad rows would otherwise answer
 * megabytes); `meta.total-errors` counts them all, so the page can say how many more there are.
 */
function sendCsvErrors(req: Request, res: Response, list: ApiErrorList): void {
  const json = res.json.bind(res);
  res.json = (body: object) => json({ ...body, meta: { 'total-errors': list.errors.length } });
  sendErrors(req, res, list.errors.slice(0, MEMBER_CSV_LIMITS.errorsListed));
}

/** Past this many updated people one "drop every cached session" is cheaper than a message per person. */
const INVALIDATE_EACH_MAX = 100;

export function csvImportRoutes({ db, config, sessions }: ModuleDependencies): Router {
  const router = Router();
  const managers: RequestHandler = requireOrganizationMember();

  // The whole file is checked before anything changes; then it applies in one transaction or not at all.
  router.post('/organizations/:organizationId/members/csv_import', managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const callerIsAdmin = can(await currentSession(req), 'adminMembership.change', { kind: 'organization', id: organizationId });
    const bytes = await receiveFile(req, res);
    const now = new Date();
    let applied: { result: Awaited<ReturnType<typeof applyMemberCsv>>; encoding: string };
    try {
      const { rows, encoding } = readMemberCsv(bytes);
      // An invitation or another import may commit a user with one of the file's new addresses meanwhile (unique
      // lower(email)): then once more, so the file is judged against that user (member.emailNotAvailable, or an update).
      const result = await retryOnceOnUniqueViolation(() =>
        db.db.transaction((tx) =>
          applyMemberCsv(tx, organizationId, rows, { publicUrl: config.publicUrl, language: requestLanguage(req), now, callerIsAdmin }),
        ),
      );
      applied = { result, encoding };
    } catch (error) {
      if (!(error instanceof ApiErrorList)) throw error;
      sendCsvErrors(req, res, error);
      return;
    }
    const { result, encoding } = applied;
    // Updated roles and periods take effect at once: cached sessions of those people are dropped (as after PUT).
    if (result.updatedUserIds.length > INVALIDATE_EACH_MAX) await sessions.invalidateAll();
    else for (const userId of result.updatedUserIds) await sessions.invalidateUser(userId);
    res.json(
      serialize(
        'csv-imports',
        { id: 'import', ...result, encoding },
        { id: () => 'import', attributes: ['rows', 'created', 'updated', 'encoding'] },
      ),
    );
  });

  return router;
}
