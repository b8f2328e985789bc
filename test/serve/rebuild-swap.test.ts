// `site serve --watch` and `site edit` rebuild on every save, and a build swaps its output in with two renames: the
// old folder steps aside, the new one takes its name. A request that falls between them used to find no folder and
// get a 404: the owner's /admin, opened right after a Publish, lost its editor script (2 and 3 misses in about 6,600
// requests over 12 rebuilds). Here the gap is held open by the test, so "between the renames" is a state, not a race.
import { rename } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helpers/engine.ts';
import { createFixture, type Fixture, NOT_FOUND_MARKER, request } from './fixture.ts';

let fixture: Fixture | undefined;
let server: RunningServer | undefined;

afterEach(async () => {
  await server?.close();
  await fixture?.remove();
  [server, fixture] = [undefined, undefined];
});

/** A server whose rebuild is under way until `finish()`; `asked` settles when a request first waits on it. */
async function serveDuringRebuild(): Promise<{
  root: string;
  port: number;
  asked: Promise<'waiting'>;
  finish: () => void;
}> {
  fixture = await createFixture();
  let finish = () => {};
  let underWay: Promise<void> | undefined = new Promise<void>((resolve) => {
    finish = () => {
      underWay = undefined;
      resolve();
    };
  });
  let tell = () => {};
  const asked = new Promise<'waiting'>((resolve) => (tell = () => resolve('waiting')));
  server = await startServer({
    dir: fixture.root,
    port: 0,
    host: '127.0.0.1',
    log: () => {},
    rebuilding: () => {
      if (underWay) tell();
      return underWay;
    },
  });
  return { root: fixture.root, port: server.port, asked, finish };
}

describe('a request made while a rebuild swaps the output in', () => {
  it('waits for the new output instead of answering 404, then gets the page', async () => {
    const { root, port, asked, finish } = await serveDuringRebuild();
    await rename(root, `${root}-old`);
    const answer = request(port, '/about');
    expect(await Promise.race([asked, answer.then((response) => response.status)])).toBe('waiting');

    await rename(`${root}-old`, root);
    finish();
    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.text).toContain('About page');
    // With the `_headers` of the output it found, not the none it read in the gap.
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('answers a path that is truly missing with the 404 page once the rebuild is in', async () => {
    const { port, asked, finish } = await serveDuringRebuild();
    const answer = request(port, '/no-such-page');
    expect(await Promise.race([asked, answer.then((response) => response.status)])).toBe('waiting');
    finish();
    const response = await answer;
    expect(response.status).toBe(404);
    expect(response.text).toContain(NOT_FOUND_MARKER);
  });

  it('answers a missing path at once when no rebuild is under way', async () => {
    const { port, finish } = await serveDuringRebuild();
    finish();
    const response = await request(port, '/no-such-page');
    expect(response.status).toBe(404);
    expect(response.text).toContain(NOT_FOUND_MARKER);
  });
});
