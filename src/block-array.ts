/**
 * Numbers by index in typed blocks of a fixed size, made as indexes reach them: an array that grows without ever
 * copying itself into a larger one. A large typed array is a mapping of its own in glibc's malloc, and freeing one
 * raises the size from which allocations get one, and twice it the free memory every thread's arena keeps, for
 * the rest of the process. A 100,026-page build that freed such arrays and records peaked at 220-229 MiB, against
 * 205-212 with that threshold held fixed (MALLOC_MMAP_THRESHOLD_, interleaved runs).
 */
export class BlockArray {
  private readonly blocks: Array<Uint8Array | Uint32Array> = [];

  /** @param bytes The bytes of each entry: 1 (0-255) or 4 (unsigned 32-bit). */
  constructor(private readonly bytes: 1 | 4) {}

  /** The number at `index`: 0 until set. */
  get(index: number): number {
    return this.blocks[index >>> BLOCK_BITS]?.[index & BLOCK_MASK] ?? 0;
  }

  set(index: number, value: number): void {
    const at = index >>> BLOCK_BITS;
    while (this.blocks.length <= at) this.blocks.push(this.bytes === 1 ? new Uint8Array(BLOCK_ENTRIES) : new Uint32Array(BLOCK_ENTRIES));
    this.blocks[at]![index & BLOCK_MASK] = value;
  }
}

/** 16,384 entries a block: 16 KiB or 64 KiB, below glibc's 128 KiB threshold for a mapping of its own. */
const BLOCK_BITS = 14;
const BLOCK_ENTRIES = 1 << BLOCK_BITS;
const BLOCK_MASK = BLOCK_ENTRIES - 1;
