import { describe, expect, it } from 'vitest';
import { TUNED_FROM, tuneV8 } from '../../src/v8-tuning.ts';

/** Old-generation garbage: arrays made, held through a few scavenges, then let go. */
function oldGarbage(): void {
  let held: number[][] | undefined = Array.from({ length: 40 }, () => Array.from({ length: 100_000 }, (_, i) => i + 0.5));
  for (let round = 0; round < 3; round++) Array.from({ length: 200_000 }, (_, i) => ({ i }));
  expect(held.length).toBe(40);
  held = undefined;
}

/** The heap a build of `pages` pages frees between two stages, just after one left 32 MB of garbage. */
function freedBetweenStages(pages: number): number {
  const tuning = tuneV8();
  try {
    tuning.keepFor(pages);
    oldGarbage();
    const before = process.memoryUsage().heapUsed;
    tuning.collect();
    return before - process.memoryUsage().heapUsed;
  } finally {
    tuning.restore();
  }
}

describe('tuneV8', () => {
  it('collects what a stage left between the stages of a large build, and not of a small one', () => {
    expect(freedBetweenStages(TUNED_FROM)).toBeGreaterThan(20 * 1024 * 1024);
    expect(freedBetweenStages(TUNED_FROM - 1)).toBeLessThan(20 * 1024 * 1024);
  });
});
