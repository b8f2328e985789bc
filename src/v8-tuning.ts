import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** From this many pages a build keeps V8 tuned for a long run: the collector for memory, the compiler as V8 has it. */
export const TUNED_FROM = 2000;

/**
 * How much the old generation may grow past what a full collection left live before the next, in percent. Once the
 * city text was read on demand, a large build's live heap stayed small, and a 10,026-page build's peak was mostly
 * garbage between full collections: 50 measured 160-183 MiB (median 170) against 183-197 (186) at 100, with the
 * same time (medians 3.81 and 3.80 s, six interleaved rounds; 20 took 2-5% longer for 166). At 100,026 pages, 602
 * against 695-711 MiB, with the same CPU time; 20 cost a quarter more CPU time there.
 */
const HEAP_GROWING_PERCENT = 50;

/** What a build does with the tuning once it knows how many pages it renders, and at its end. */
export interface V8Tuning {
  /** Settles the tuning for a build of `pages` pages, before it renders them (see tuneV8). */
  keepFor(pages: number): void;
  /**
   * For a large build, a full collection now: between two stages, what the one before left, and every so many
   * pages as they render (see renderPages). Nothing for a small build.
   */
  collect(): void;
  /** Puts V8's settings back. */
  restore(): void;
}

/**
 * V8's full collection, as a function: the flag that exposes it is read as a context is made, so a new context
 * made after setting it has `gc` (as jest-leak-detector does). Undefined where that fails.
 */
function fullCollection(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * V8's interrupt budget (how much a function runs before V8 considers optimizing it), as Node 20's V8 11.3 has it
 * (`node --v8-options`), and the one a small build runs with. A build is a short run: below 2,000 pages much of
 * what TurboFan compiles on the spare core, beside the write thread, is not paid back. At 1,026 pages a budget of
 * 150,000-400,000 measured 5-12% less CPU time and 3-10% less wall time, in four sets of 8-12 interleaved runs
 * (and 4-7 MiB less memory: less optimized code); at 10,026 pages V8's own budget was faster, so a large build
 * gets it back once its size is known.
 */
const V8_INTERRUPT_BUDGET = 67584;
const SHORT_RUN_INTERRUPT_BUDGET = 200_000;
/** The V8 these figures were measured on; another keeps its own compiler settings. */
const MEASURED_V8 = /^11\.3\./;

/**
 * Tunes V8 for the build from its start, for the whole process and every thread started after.
 *
 * The collector, for memory: rendering allocates millions of short-lived objects at the same few places (React's
 * elements among them): V8 came to allocate those straight into the old generation, where each lived on as
 * garbage until a full collection, and it lets the heap grow up to four times what was live before collecting it
 * again. Measured at 10,026 pages: peak memory 270-290 MiB with V8's settings, 238-249 MiB without that
 * pretenuring, 216-240 MiB with the heap also growing at most twofold, in the same time (and less again growing
 * at most 1.5-fold, see HEAP_GROWING_PERCENT). A smaller build gets V8's settings back before it renders: at
 * 1,026 pages the tuning cost 2-6% of the time and saved no memory.
 * Pretenuring is turned off only once the build knows it renders many pages, after loading its data and routes,
 * which do live for the whole build: at 10,026 pages the data stage then took 300 against 350-430 ms and the
 * build 3.65-4.50 against 3.91-4.89 s (medians of three rounds of 6-8 interleaved builds), for the same peak.
 *
 * The compiler, for short runs: see SHORT_RUN_INTERRUPT_BUDGET. A large build gets V8's budget back.
 */
export function tuneV8(): V8Tuning {
  const compiler = MEASURED_V8.test(process.versions.v8);
  if (compiler) setFlagsFromString(`--interrupt-budget=${SHORT_RUN_INTERRUPT_BUDGET}`);
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  let heapTuned = true;
  let pretenuringOff = false;
  let compilerTuned = compiler;
  const restoreCollector = () => {
    if (heapTuned) setFlagsFromString('--heap-growing-percent=0');
    if (pretenuringOff) setFlagsFromString('--allocation-site-pretenuring');
    heapTuned = pretenuringOff = false;
  };
  const restoreCompiler = () => {
    if (!compilerTuned) return;
    compilerTuned = false;
    setFlagsFromString(`--interrupt-budget=${V8_INTERRUPT_BUDGET}`);
  };
  let collect: (() => void) | undefined;
  return {
    keepFor(pages: number) {
      if (pages < TUNED_FROM) return restoreCollector();
      restoreCompiler();
      setFlagsFromString('--no-allocation-site-pretenuring');
      pretenuringOff = true;
      collect = fullCollection();
    },
    collect() {
      collect?.();
    },
    restore() {
      restoreCollector();
      restoreCompiler();
    },
  };
}
