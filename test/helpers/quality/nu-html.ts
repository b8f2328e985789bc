import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The W3C's own checker, the Nu HTML Checker (vnu.jar from the registry's vnu-jar, MIT), on Java: it knows HTML's
// content models and attribute values, which html-validate's rules do not all cover (a `<meta http-equiv>` value, a
// required `<select>` with no empty first option). test/ensure-tools.mjs installs Java where it is missing.
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

/** One message of the checker's JSON report. */
interface NuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
}

/**
 * The checker's errors for each document (its path in the site, and its HTML), as "file:line:column message", in one
 * run of Java for all of them: each run costs seconds to start.
 */
export async function nuHtmlErrors(documents: ReadonlyArray<readonly [file: string, html: string]>): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'nu-html-'));
  try {
    for (const [file, html] of documents) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), html);
    }
    const report = await new Promise<string>((resolve, reject) => {
      const args = ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--skip-non-html', dir];
      // It exits with 1 when it found errors; its report is on standard error either way.
      execFile('java', args, { maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
        if (error && error.code !== 1) reject(new Error(`the Nu HTML Checker failed: ${error.message}\n${stderr}`));
        else resolve(stderr);
      });
    });
    return (JSON.parse(report) as { messages: NuMessage[] }).messages
      .filter((message) => message.type === 'error')
      .map((message) => {
        const file = message.url ? path.relative(dir, fileURLToPath(message.url)).split(path.sep).join('/') : '';
        return `${file}:${message.lastLine ?? 0}:${message.firstColumn ?? 0} ${message.message}`;
      });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
