import { useTranslation } from 'react-i18next';

export type CancelReason = 'manual' | 'organizationBalanceShort' | 'recipientInactive';
export type TransferNoteFields = { description: string | null; message: string | null; cancelReason: CancelReason | null };

/** The list's description cell: the grant's own text, then why it was canceled (stored as a code, translated here). */
export function TransferNote({ transfer }: { transfer: TransferNoteFields }) {
  const { t } = useTranslation('coins');
  const text = transfer.description ?? transfer.message;
  return (
    <>
      {text}
      {transfer.cancelReason && (
        <>
          {text && <br />}
          <span className="coin-transfers__cancel-reason">{t(`coins:transfers.cancelReasons.${transfer.cancelReason}`)}</span>
        </>
      )}
    </>
  );
}
