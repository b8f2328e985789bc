import { describe, expect, it } from 'vitest';
import { buildInMemory } from '../helpers/build-in-memory.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

// A content-only Publish opens in a browser the pages whose HTML changed (test/content/changed-pages.test.ts): a
// page whose HTML named the build's time (the old Expires hint did) would count as changed at every build.
describe("the real site's pages", () => {
  it('are byte for byte the same when built a day later', async () => {
    const epoch = 1767225600;
    const first = await buildInMemory(PROJECT_ROOT, { SOURCE_DATE_EPOCH: String(epoch) });
    const later = await buildInMemory(PROJECT_ROOT, { SOURCE_DATE_EPOCH: String(epoch + 24 * 60 * 60) });
    const moved = first.pages().filter((file) => first.text(file) !== later.text(file));
    expect(moved).toEqual([]);
    expect(first.pages().length).toBeGreaterThan(100);
  });
});
