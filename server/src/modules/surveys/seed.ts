import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { demoOrganizationIds } from '../../db/seed';
import { wellBeingSurveys } from '../../db/schema/surveys';
import { scheduleReminder } from './reminders';

export const DEMO_SURVEYS = [
  { organization: 'acme', title: '2026年度 ウェルビーイングサーベイ' },
  { organization: 'globex', title: 'Well-being survey 2026' },
];

/** Demo data: one open survey for acme and one for globex, deadline two weeks after seeding, reminder scheduled. */
export async function seedSurveys(tx: Executor, now: Date): Promise<void> {
  const rows = await demoOrganizationIds(
    tx,
    DEMO_SURVEYS.map((survey) => survey.organization),
  );
  const expiredAt = new Date(now.getTime() + 14 * 24 * 3600 * 1000);
  for (const demo of DEMO_SURVEYS) {
    const organization = rows.find((row) => row.identifier === demo.organization);
    if (!organization) continue;
    const existing = await tx
      .select({ id: wellBeingSurveys.id })
      .from(wellBeingSurveys)
      .where(eq(wellBeingSurveys.organizationId, organization.id))
      .limit(1);
    if (existing.length > 0) continue;
    const [survey] = await tx
      .insert(wellBeingSurveys)
      .values({ organizationId: organization.id, title: demo.title, expiredAt })
      .returning();
    if (survey) await scheduleReminder(tx, survey, now);
  }
}
