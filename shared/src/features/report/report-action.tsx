import { Suspense, useRef, useState } from 'react';
import { lazyOr } from '../../ui/lazy-chunk';
import { useFeatureContext } from '../feature-context';
import type { Reporter, ReportTarget } from './report-api';
import type { ReportDialogProps } from './report-dialog';
import { useReportTranslation } from './report-i18n';

/** The dialog (and its CSS) is a chunk of its own, fetched on the first click: most readers never report anything. */
const LazyReportDialog = lazyOr<ReportDialogProps>(
  () => import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
  () => null,
);

export type ReportButtonProps = {
  target: ReportTarget;
  /** The author's (or member's) display name, for the button's accessible name. */
  name: string;
  /** Reporting a person (a member or a guest) rather than one post. */
  member?: boolean;
  /** A shared-event guest reports with their token (null before they join: no button). */
  guest?: { eventId: string; token: string | null } | null;
  className?: string;
};

/** The Report button and its dialog (see report-button.tsx): renders nothing before its strings arrive. */
export function ReportAction({ target, name, member = false, guest, className = 'kiwi-link-button' }: ReportButtonProps) {
  const { viewer } = useFeatureContext();
  const { t, ready } = useReportTranslation();
  const [open, setOpen] = useState(false);
  const opened = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  opened.current ||= open;
  const reporter: Reporter | null = guest?.token
    ? { kind: 'guest', eventId: guest.eventId, token: guest.token }
    : viewer && !guest
      ? { kind: 'member', organizationId: viewer.organizationId }
      : null;
  if (!ready || !reporter) return null;

  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="dialog"
        aria-label={t(member ? 'memberFor' : 'actionFor', { name })}
        onClick={() => setOpen(true)}
      >
        {t('action')}
      </button>
      {opened.current && (
        <Suspense fallback={null}>
          <LazyReportDialog
            open={open}
            target={target}
            reporter={reporter}
            onClose={() => {
              setOpen(false);
              // The native dialog gives focus back to the opener; this covers a browser that does not.
              setTimeout(() => button.current?.focus());
            }}
          />
        </Suspense>
      )}
    </>
  );
}
