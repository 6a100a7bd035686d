import { appInformations } from '../../db/schema/home';
import { news } from '../../db/schema/news';
import { type Caller, FORBIDDEN } from '../../test/authorization';
import { ANY_ACTIVE_USER, type Fixture, type MatrixModule, OWN_THINGS } from '../../test/matrix';
import type { TestServer } from '../../test/server';

type World = { appInformationId: number; acmeNewsId: number };

/** Every active user with a membership: the home is a membership's; an admin without one has none. */
const MEMBERS_WITH_A_MEMBERSHIP = { ...ANY_ACTIVE_USER, admin: FORBIDDEN };
const HOUR = 3600 * 1000;

export const matrix: MatrixModule<World> = {
  setup: async (server: TestServer, { acme }) => {
    const publishedAt = new Date(Date.now() - HOUR);
    const [information] = await server.db.db
      .insert(appInformations)
      .values({ title: 'Matrix', body: 'Body', publishedAt })
      .returning({ id: appInformations.id });
    const [item] = await server.db.db
      .insert(news)
      .values({ organizationId: acme.id, title: 'Matrix', body: 'Body', publishedAt })
      .returning({ id: news.id });
    return { appInformationId: information!.id, acmeNewsId: item!.id };
  },
  rows: [
    { route: 'GET /api/home', expect: MEMBERS_WITH_A_MEMBERSHIP },
    {
      route: 'PUT /api/home/reads',
      sample: "the platform's app information (every member's)",
      body: (_fixture: Fixture, _caller: Caller, world: World) => ({
        content_read: { kind: 'app_information', item_id: world.appInformationId },
      }),
      expect: MEMBERS_WITH_A_MEMBERSHIP,
      openTo: OWN_THINGS,
    },
    {
      route: 'PUT /api/home/reads',
      sample: "acme's news (not another organisation's)",
      body: (_fixture: Fixture, _caller: Caller, world: World) => ({ content_read: { kind: 'news', item_id: world.acmeNewsId } }),
      expect: { ...MEMBERS_WITH_A_MEMBERSHIP, otherOrganization: [422, 'validation.notFoundInOrganization'] },
    },
  ],
};
