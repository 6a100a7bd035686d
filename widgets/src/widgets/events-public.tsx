// <kiwi-events event-id> before sign-in, when the event is published externally (a chunk of its own): the event's
// public page as on /shared_events/{id}, guests join by nickname; members open the sign-in above it.
import { type ReactNode, useState } from 'react';
import { SharedEvent } from '@kiwi/shared/features/events/shared-event';
import { useTranslation } from '../i18n/mini-react-i18next';

export default function EventsPublic({ eventId, signInForm }: { eventId: string; signInForm: ReactNode }) {
  const { t } = useTranslation('widgets');
  const [signingIn, setSigningIn] = useState(false);
  return (
    <>
      <div className="kiwi-widget-member-sign-in">
        <button type="button" className="kiwi-link-button" aria-expanded={signingIn} onClick={() => setSigningIn((open) => !open)}>
          {signingIn ? t('signIn.close') : t('signIn.memberSignIn')}
        </button>
      </div>
      {signingIn && signInForm}
      <SharedEvent key={eventId} eventId={eventId} />
    </>
  );
}
