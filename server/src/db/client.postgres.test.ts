import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, listeningBackends } from '../test/database';
import type { DatabaseHandle } from './client';

// PostgreSQL only (server/vitest.config.ts leaves *.postgres.test.ts out of PGlite runs): PGlite has no connection to lose.
describe('LISTEN on PostgreSQL', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('re-listens after the connection is lost and then calls onReconnect once', async () => {
    const received: string[] = [];
    let reconnects = 0;
    const unlisten = await handle.listen('kiwi_test', (payload) => received.push(payload), {
      onReconnect: () => {
        reconnects += 1;
      },
    });
    try {
      await handle.notify('kiwi_test', 'first');
      await vi.waitFor(() => expect(received).toEqual(['first']));
      expect(reconnects).toBe(0);

      const [lost] = await listeningBackends(handle);
      await handle.db.execute(sql`select pg_terminate_backend(${lost})`);
      // The listener waits a second before it reconnects.
      await vi.waitFor(() => expect(reconnects).toBe(1), { timeout: 5000 });

      await handle.notify('kiwi_test', 'second');
      await vi.waitFor(() => expect(received).toEqual(['first', 'second']));
      expect(reconnects).toBe(1);
    } finally {
      await unlisten();
    }
  });
});
