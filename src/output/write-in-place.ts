import { closeSync, constants, ftruncateSync, openSync, writeSync } from 'node:fs';

/**
 * Writes `bytes` over the file at `file` there and then, or returns false when there is no such file. Unlike
 * `writeFile` (which truncates to nothing first), a file of about the same size keeps its inode and its disk
 * blocks: on a disk where making a file is slow, such as ext4 without a journal after many files were deleted,
 * this is about thirty times faster than a new file (measured: 18 ms against 620 ms for 1,000 pages of 30 KB).
 * It is a few quick system calls, cheaper than the trips to libuv's threads an asynchronous write makes. A new
 * file is the caller's: the write thread makes it there and then too, a renderer writing its own documents hands
 * it to libuv's threads.
 */
export function writeOverSync(file: string, bytes: Uint8Array): boolean {
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  try {
    for (let offset = 0; offset < bytes.byteLength; ) {
      const written = writeSync(fd, bytes, offset, bytes.byteLength - offset, offset);
      if (written === 0) throw Object.assign(new Error(`${file}: the disk took no bytes`), { code: 'EIO' });
      offset += written;
    }
    ftruncateSync(fd, bytes.byteLength);
  } finally {
    closeSync(fd);
  }
  return true;
}
