import { appInformationIconGlyph } from '@kiwi/shared/domain/app-information-icons';
import { formatDate } from '@kiwi/shared/i18n/format';
import { MarkdownText } from '@kiwi/shared/ui/markdown-text';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-provider';
import { HomeCard, type SectionProps } from './home-card';
import { type Home, type HomeAppInformation, type HomeNews, noticesOf } from './home-types';
import { HOME_QUERY_KEY } from './use-home';

/** Organisation news and the platform's app informations, newest first; opening one shows its text and marks it read. */
export function NoticesCard({ home }: SectionProps) {
  const { t } = useTranslation('home');
  const { api } = useSession();
  const queryClient = useQueryClient();
  const markRead = useMutation({
    mutationFn: (notice: HomeNews | HomeAppInformation) =>
      api.put('/home/reads', { content_read: { kind: notice.type === 'news' ? 'news' : 'app_information', item_id: Number(notice.id) } }),
    // Shown read at once; a failed mark only means it shows unread again next time.
    onMutate: (notice) => {
      queryClient.setQueryData<Home>(HOME_QUERY_KEY, (current) => {
        if (!current) return current;
        const read = <T extends HomeNews | HomeAppInformation>(items: T[]) =>
          items.map((item) => (item.type === notice.type && item.id === notice.id ? { ...item, read: true } : item));
        return { ...current, news: read(current.news), appInformations: read(current.appInformations) };
      });
    },
  });
  const notices = noticesOf(home);
  return (
    <HomeCard title={t('news.title')}>
      {notices.length === 0 ? (
        <p className="home-card__empty">{t('news.empty')}</p>
      ) : (
        <ul className="home-list">
          {notices.map((notice) => (
            <Notice
              key={`${notice.type}-${notice.id}`}
              notice={notice}
              onOpen={() => {
                if (!notice.read) markRead.mutate(notice);
              }}
            />
          ))}
        </ul>
      )}
    </HomeCard>
  );
}

/** Issue 20: the maintenance message the admin set (system settings), in the member's language when written in it. */
export function MaintenanceNotice({ home }: { home: Home }) {
  const { i18n } = useTranslation('home');
  const message = home.maintenanceMessage;
  if (!message) return null;
  const text = i18n.language === 'en' ? message.en || message.ja : message.ja || message.en;
  return (
    <p className="alert home-page__maintenance" data-testid="home-maintenance">
      {text}
    </p>
  );
}

function Notice({ notice, onOpen }: { notice: HomeNews | HomeAppInformation; onOpen: () => void }) {
  const { t, i18n } = useTranslation('home');
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const fromKiwi = notice.type === 'appInformations';
  return (
    <li className="home-list__item home-notice">
      <button
        type="button"
        className="home-notice__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => {
          if (!open) onOpen();
          setOpen(!open);
        }}
      >
        <span className="home-list__text">
          <span className="home-list__title">
            {!notice.read && <span className="home-badge home-badge--unread">{t('news.unread')}</span>}
            {fromKiwi && appInformationIconGlyph(notice.iconName) && (
              <span className="home-notice__icon" aria-hidden="true">
                {appInformationIconGlyph(notice.iconName)}{' '}
              </span>
            )}
            {notice.title}
          </span>
          <span className="home-list__meta">
            {fromKiwi && <span className="home-badge">{t('news.appInformation')}</span>}
            {fromKiwi && notice.headCopy ? `${notice.headCopy} · ` : ''}
            {formatDate(notice.publishedAt, i18n.language)}
          </span>
        </span>
        <span className="visually-hidden">{open ? t('news.hide') : t('news.show')}</span>
        <span className="home-notice__chevron" aria-hidden="true">
          {open ? '▲' : '▼'}
        </span>
      </button>
      <div id={bodyId} className="home-notice__body" hidden={!open}>
        {/* Issue 20: an app information's body is Markdown, rendered as React elements (never HTML); news stays text. */}
        {fromKiwi ? <MarkdownText source={notice.body} headingBase={3} /> : notice.body}
      </div>
    </li>
  );
}
