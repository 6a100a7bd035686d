import { memberCsvTemplate } from '@kiwi/shared/domain/member-csv';
import type { ApiErrorObject } from '@kiwi/shared/api/errors';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@kiwi/shared/ui/toast';
import { CardTable } from '../../layout/card-table';
import { useSession } from '../../session/session-provider';
import { decodeCsvBytes, previewRecords } from './csv-preview';

const PREVIEW_ROWS = 5;
type ImportResult = { rows: number; created: number; updated: number };
type Progress = { phase: 'uploading'; percent: number } | { phase: 'processing' } | null;

/** File choice, a preview of the first rows, an upload progress bar, the error table and the template (spec issue 3, item 5). */
export function CsvImportPanel({ organizationId, onImported }: { organizationId: string; onImported: () => void }) {
  const { t, i18n } = useTranslation('organization');
  const { user } = useSession();
  const { showToast } = useToast();
  const fileId = useId();
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  // The first rows as the import will read them; 'unreadable' when the file is not a CSV it can read.
  const [preview, setPreview] = useState<string[][] | 'unreadable' | null>(null);
  const [progress, setProgress] = useState<Progress>(null);
  const [problems, setProblems] = useState<ApiErrorObject[] | null>(null);
  // How many problems the file has: the server lists only the first MEMBER_CSV_LIMITS.errorsListed.
  const [problemTotal, setProblemTotal] = useState(0);
  const [result, setResult] = useState<ImportResult | null>(null);
  const language = i18n.language.startsWith('en') ? 'en' : 'ja';

  // A BOM makes Excel open the UTF-8 template with the right characters.
  const templateHref = useMemo(
    () => `data:text/csv;charset=utf-8,${encodeURIComponent(`\ufeff${memberCsvTemplate(language)}`)}`,
    [language],
  );

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setProblems(null);
    setResult(null);
    setPreview(null);
    if (!chosen) return;
    setPreview((await previewRecords(decodeCsvBytes(await chosen.arrayBuffer()), PREVIEW_ROWS + 1)) ?? 'unreadable');
  };

  const submit = async () => {
    if (!file || !user) return;
    setProblems(null);
    setResult(null);
    setProgress({ phase: 'uploading', percent: 0 });
    let token: string;
    try {
      token = await user.getIdToken();
    } catch {
      // Offline or signed out meanwhile: say so instead of leaving the progress bar running.
      setProgress(null);
      setProblems([{ code: 'unexpected', detail: t('errors:unexpected') }]);
      return;
    }
    const form = new FormData();
    form.append('file', file);
    // XMLHttpRequest, not fetch: only it reports upload progress.
    const response = await new Promise<{ status: number; body: unknown }>((resolve) => {
      const request = new XMLHttpRequest();
      request.open('POST', `/api/organizations/${organizationId}/members/csv_import`);
      request.setRequestHeader('Authorization', `Bearer ${token}`);
      request.setRequestHeader('Accept', 'application/vnd.api+json, application/json');
      request.setRequestHeader('Accept-Language', i18n.language);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) setProgress({ phase: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
      };
      request.upload.onload = () => setProgress({ phase: 'processing' });
      request.onload = () => {
        let body: unknown = null;
        try {
          body = JSON.parse(request.responseText);
        } catch {
          body = null;
        }
        resolve({ status: request.status, body });
      };
      request.onerror = () => resolve({ status: 0, body: null });
      request.send(form);
    });
    setProgress(null);
    if (response.status >= 200 && response.status < 300) {
      const attributes = (response.body as { data: { attributes: ImportResult } }).data.attributes;
      setResult(attributes);
      showToast(t('csv.done', attributes), 'success');
      onImported();
      return;
    }
    const body = response.body as { errors?: ApiErrorObject[]; meta?: { 'total-errors'?: unknown } } | null;
    const errors = body?.errors && body.errors.length > 0 ? body.errors : [{ code: 'unexpected', detail: t('errors:unexpected') }];
    const total = body?.meta?.['total-errors'];
    setProblemTotal(typeof total === 'number' && total > errors.length ? total : errors.length);
    setProblems(errors);
  };

  const location = (error: ApiErrorObject) => {
    const [, scope, row, column] = (error.source?.pointer ?? '').split('/');
    if (scope !== 'csv' || !row) return { row: t('csv.wholeFile'), column: '' };
    return { row, column: column ? t(`csv.columns.${column}`, { defaultValue: column }) : '' };
  };

  return (
    <section className="org-csv" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('csv.title')}</h2>
      <p>{t('csv.intro')}</p>
      <p>
        <a href={templateHref} download={`members-template-${language}.csv`}>
          {t('csv.template')}
        </a>
      </p>
      <div className="field">
        <span id={`${fileId}-label`}>{t('csv.file')}</span>
        {/* The browser's own button speaks the browser's language: ours speaks the page's, the input stays the control. */}
        <div className="org-csv__file">
          <input
            id={fileId}
            className="visually-hidden"
            type="file"
            accept=".csv,text/csv"
            aria-labelledby={`${fileId}-label ${fileId}-name`}
            onChange={(event) => void choose(event.target.files?.[0] ?? null)}
          />
          <label htmlFor={fileId} className="kiwi-button">
            {t('csv.chooseFile')}
          </label>
          <span id={`${fileId}-name`}>{file ? file.name : t('csv.noFile')}</span>
        </div>
      </div>
      {preview === 'unreadable' && (
        <p role="alert" className="alert alert--error">
          {t('errors:csv.unreadable')}
        </p>
      )}
      {preview &&
        preview !== 'unreadable' &&
        (preview.length <= 1 ? (
          <p>{t('csv.previewEmpty')}</p>
        ) : (
          <CardTable captionShown caption={t('csv.preview', { count: Math.min(PREVIEW_ROWS, preview.length - 1) })} headers={preview[0]!}>
            {preview.slice(1).map((record, rowIndex) => (
              <tr key={rowIndex}>
                {record.map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </CardTable>
        ))}
      <div>
        <button
          type="button"
          className="kiwi-button kiwi-button--primary"
          disabled={!file || progress !== null}
          onClick={() => void submit()}
        >
          {progress ? t('csv.importing') : t('csv.submit')}
        </button>
      </div>
      {progress && (
        <div role="status">
          <progress aria-label={t('csv.progress')} max={100} value={progress.phase === 'uploading' ? progress.percent : undefined} />
          <span>{progress.phase === 'uploading' ? t('csv.uploading', { percent: progress.percent }) : t('csv.processing')}</span>
        </div>
      )}
      {result && (
        <p role="status" className="alert alert--success">
          {t('csv.done', result)}
        </p>
      )}
      {problems && (
        <div role="alert">
          <p className="alert alert--error">{t('csv.failed')}</p>
          <CardTable caption={t('csv.failed')} headers={[t('csv.errorRow'), t('csv.errorColumn'), t('csv.errorProblem')]}>
            {problems.map((error, index) => {
              const where = location(error);
              return (
                <tr key={index}>
                  <td>{where.row}</td>
                  <td>{where.column}</td>
                  <td>{error.title ?? error.detail ?? t('errors:unexpected')}</td>
                </tr>
              );
            })}
          </CardTable>
          {problemTotal > problems.length && (
            <p className="org-csv__more">{t('csv.moreErrors', { count: problemTotal - problems.length, shown: problems.length })}</p>
          )}
        </div>
      )}
    </section>
  );
}
