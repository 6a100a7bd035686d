import type { Fixture, MatrixModule } from '../../test/matrix';
import { ANY_ACTIVE_USER, EVERYONE } from '../../test/matrix';
import type { TestServer } from '../../test/server';
import { buildEvent, buildGuest } from '../events/test-support';

type World = { key: string; publishedGuestToken: string; unpublishedGuestToken: string };

// The matrix sends JSON, not a multipart form: a caller the guard lets through gets 422 validation.required (no image),
// which is how these rows tell "let through" from "refused". images.test.ts uploads real files.
const PASSED_GUARD = [422, 'validation.required'] as const;
const SIGNED_IN = { ...ANY_ACTIVE_USER, otherOrganization: PASSED_GUARD, member: PASSED_GUARD, manager: PASSED_GUARD, admin: PASSED_GUARD };

export const matrix: MatrixModule<World> = {
  async setup(server: TestServer, { acme, users }: Fixture) {
    const upload = new FormData();
    upload.append('image', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])]), 'a.png');
    const response = await fetch(`${server.url}/api/images`, {
      method: 'POST',
      body: upload,
      headers: { authorization: `Bearer ${users.member.token}` },
    });
    const { data } = (await response.json()) as { data: { id: string } };
    const published = await buildEvent(server, acme, users.member, { externallyPublished: true });
    const unpublished = await buildEvent(server, acme, users.member, { externallyPublished: false });
    return {
      key: data.id,
      publishedGuestToken: (await buildGuest(server, published.id)).token,
      unpublishedGuestToken: (await buildGuest(server, unpublished.id)).token,
    };
  },
  rows: [
    { route: 'POST /api/images', body: {}, expect: SIGNED_IN },
    // A guest bearer travels as the anonymous caller's Authorization header (a signed-in caller's own token wins).
    {
      route: 'POST /api/images',
      sample: 'guest bearer of a published shared event',
      body: {},
      headers: (_fixture, _caller, world) => ({ authorization: `Bearer ${world.publishedGuestToken}` }),
      expect: { ...SIGNED_IN, anonymous: PASSED_GUARD },
    },
    {
      route: 'POST /api/images',
      sample: 'guest bearer of an unpublished event',
      body: {},
      headers: (_fixture, _caller, world) => ({ authorization: `Bearer ${world.unpublishedGuestToken}` }),
      expect: { ...SIGNED_IN, anonymous: [401, 'auth.invalidToken'] },
    },
    { route: 'GET /api/images/:key', params: (_fixture, _caller, world) => ({ key: world.key }), expect: EVERYONE },
  ],
};
