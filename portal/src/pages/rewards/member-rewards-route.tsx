import { useLocation } from 'react-router';
import { RewardsPage } from './rewards-page';
import { QuestsPage } from '../quests/quests-page';

/** The member's reward pages (issue 18) as one lazy page (one chunk reference in /login's entry): /rewards and /quests. */
export function MemberRewardsRoute() {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, '').endsWith('/quests')) return <QuestsPage />;
  return <RewardsPage />;
}
