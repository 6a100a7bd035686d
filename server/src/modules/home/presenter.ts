import { serialize } from '../../jsonapi/serialize';
import type { FeedEntry } from '../coins/feed';
import { eventAttributes } from '../events/presenter';
import { memberQuestResource } from '../quests/presenter';
import type { HomeWalkingEvent } from '../walking-events/home';
import type { AppInformationItem, Home, HomeEvent, HomeGuild, HomeSurvey, ReadableItem } from './service';

const eventResource = {
  type: 'events',
  id: (item: HomeEvent) => item.event.id,
  attributes: (item: HomeEvent) => ({ ...eventAttributes(item.event, item.joinedCount), myRole: item.myRole, myStatus: item.myStatus }),
};

/**
 * GET /api/home: one `homes` resource (id = the membership) with the figures as attributes and each list as a
 * relationship whose resources are included, so the portal decodes it into one object.
 */
export function presentHome(home: Home, maintenance: { ja: string; en: string } = { ja: '', en: '' }) {
  return serialize('homes', home, {
    id: (row) => row.memberId,
    attributes: (row) => ({
      /** Issue 20: the maintenance message in both languages while the admin has set one, else null. */
      maintenanceMessage: maintenance.ja || maintenance.en ? maintenance : null,
      coinBalance: row.coins.balance,
      activityMonth: row.activity.month,
      monthSteps: row.activity.steps,
      monthHealthPoints: row.activity.healthPoints,
      questStamps: row.quests.stamps,
      /** Per list: whether there is more than the home shows (the card's "see all"). */
      more: {
        coinMessages: row.coins.received.more,
        news: row.news.more,
        appInformations: row.appInformations.more,
        upcomingEvents: row.upcomingEvents.more,
        openEvents: row.openEvents.more,
        guilds: row.guilds.more,
        surveys: row.surveys.more,
      },
    }),
    relationships: {
      quests: { ...memberQuestResource, data: (row) => row.quests.quests },
      walkingEvent: {
        type: 'walking-events',
        data: (row) => row.walkingEvent,
        attributes: ({ id: _id, ...event }: HomeWalkingEvent) => event,
      },
      coinMessages: {
        type: 'coin-messages',
        data: (row) => row.coins.received.items,
        id: (entry: FeedEntry) => entry.coinMessageId,
        attributes: (entry: FeedEntry) => ({
          createdAt: entry.createdAt,
          sender: { id: String(entry.sender.organizationMemberId), name: entry.sender.name, icon: entry.sender.icon },
          amount: entry.recipients.reduce((sum, part) => sum + part.amount, 0),
          message: entry.recipients[0]?.message ?? '',
          // The transfer the member received, for the Report action (issue 19).
          transferId: entry.recipients[0] ? String(entry.recipients[0].transferId) : null,
        }),
      },
      news: {
        type: 'news',
        data: (row) => row.news.items,
        attributes: ['title', 'body', 'publishedAt', 'read'] satisfies (keyof ReadableItem)[],
      },
      appInformations: {
        type: 'app-informations',
        data: (row) => row.appInformations.items,
        attributes: ['title', 'body', 'publishedAt', 'headCopy', 'iconName', 'read'] satisfies (keyof AppInformationItem)[],
      },
      upcomingEvents: { ...eventResource, data: (row) => row.upcomingEvents.items },
      openEvents: { ...eventResource, data: (row) => row.openEvents.items },
      guilds: {
        type: 'guilds',
        data: (row) => row.guilds.items,
        attributes: ['name', 'headerImageUrl', 'newMessagesCount', 'lastMessageAt'] satisfies (keyof HomeGuild)[],
      },
      wellBeingSurveys: {
        type: 'well-being-surveys',
        data: (row) => row.surveys.items,
        attributes: ['title', 'expiredAt'] satisfies (keyof HomeSurvey)[],
      },
    },
    include: [
      'coinMessages',
      'news',
      'appInformations',
      'upcomingEvents',
      'openEvents',
      'guilds',
      'wellBeingSurveys',
      'walkingEvent',
      'quests',
    ],
  });
}
