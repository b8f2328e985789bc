// The warm build process of `site serve --watch` (see builder.ts): it loads the compiled engine once, then runs each
// `site` command line it is sent, one at a time, and answers with the exit code and its memory. Its builds share a
// PageMemory, so each renders again only the pages whose inputs changed, and one build time, the process's start:
// pages that show the build's date or year do not all change with every save. Plain JavaScript
// started by its path, like bin/site.mjs, since the engine's bundle holds only the entries bin/compile-engine.mjs
// lists; its argument is that bundle's cli.js (also when the server runs from src/, in the tests).
import { pathToFileURL } from 'node:url';

const { main, PageMemory } = await import(pathToFileURL(process.argv[2]).href);
const memory = new PageMemory();
process.env.SOURCE_DATE_EPOCH ??= String(Math.floor(Date.now() / 1000));

// The server is gone (stopped, or killed without a word): nobody is left to build for.
process.on('disconnect', () => process.exit());
// Ctrl-C in the terminal reaches this process too; the server ends it once it has stopped watching.
process.on('SIGINT', () => {});

process.on('message', async (/** @type {{ argv: string[] }} */ request) => {
  let code = 1;
  try {
    code = await main(request.argv, memory);
  } catch (error) {
    console.error(error instanceof Error ? error.stack : String(error));
  }
  process.send?.({ code, rss: process.memoryUsage().rss });
});

process.send?.({ ready: true });
