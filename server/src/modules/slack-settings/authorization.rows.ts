import { outbox } from '../../db/schema/outbox';
import { slackWebhooks } from '../../db/schema/slack';
import { ACME_MANAGERS, acmeOrganization, type MatrixModule } from '../../test/matrix';
import type { TestServer } from '../../test/server';

type World = { server: TestServer };

/** acme with a webhook set, whatever rows ran before. */
async function acmeWithWebhook(fixture: { acme: { id: number } }, { server }: World) {
  await server.db.db
    .insert(slackWebhooks)
    .values({ organizationId: fixture.acme.id, url: 'https://hooks.slack.com/services/T0/B0/x' })
    .onConflictDoNothing();
  return acmeOrganization(fixture);
}
const webhook = (suffix: string) => ({ slack_webhook: { url: `https://hooks.slack.com/services/T0/B0/${suffix}`, language: 'en' } });

export const matrix: MatrixModule<World> = {
  async setup(server, { acme }) {
    await server.db.db.insert(slackWebhooks).values({ organizationId: acme.id, url: 'https://hooks.slack.com/services/T0/B0/matrix' });
    return { server };
  },
  rows: [
    { route: 'GET /api/organizations/:organizationId/slack_webhooks/current_setting', params: acmeOrganization, expect: ACME_MANAGERS },
    {
      route: 'POST /api/organizations/:organizationId/slack_webhooks',
      // POST needs an organisation without a webhook: each caller first clears acme's.
      params: async (fixture, _caller, { server }) => {
        await server.db.db.delete(slackWebhooks);
        return acmeOrganization(fixture);
      },
      body: webhook('created'),
      expect: ACME_MANAGERS,
    },
    {
      route: 'PUT /api/organizations/:organizationId/slack_webhooks',
      params: (fixture, _caller, world) => acmeWithWebhook(fixture, world),
      body: webhook('updated'),
      expect: ACME_MANAGERS,
    },
    {
      route: 'POST /api/organizations/:organizationId/slack_webhooks/test_message',
      params: (fixture, _caller, world) => acmeWithWebhook(fixture, world),
      expect: ACME_MANAGERS,
    },
    { route: 'GET /api/organizations/:organizationId/slack_deliveries', params: acmeOrganization, expect: ACME_MANAGERS },
    {
      route: 'POST /api/organizations/:organizationId/slack_deliveries/:deliveryId/retry',
      params: async (fixture, _caller, { server }) => {
        const [row] = await server.db.db
          .insert(outbox)
          .values({
            topic: 'slack.test_message',
            payload: { requestedBy: 'matrix' },
            organizationId: fixture.acme.id,
            status: 'dead',
            attempts: 8,
          })
          .returning({ id: outbox.id });
        return { organizationId: fixture.acme.id, deliveryId: row!.id };
      },
      expect: ACME_MANAGERS,
    },
    { route: 'GET /api/organizations/:organizationId/slack_credentials', params: acmeOrganization, expect: ACME_MANAGERS },
    {
      route: 'PUT /api/organizations/:organizationId/slack_credentials',
      params: acmeOrganization,
      body: { slack_credential: { team_id: 'TMATRIX01', signing_secret: 'matrix-signing-secret', bot_token: 'xoxb-matrix-token' } },
      expect: ACME_MANAGERS,
    },
    { route: 'DELETE /api/organizations/:organizationId/slack_credentials', params: acmeOrganization, expect: ACME_MANAGERS },
  ],
};
