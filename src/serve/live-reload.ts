import type { IncomingMessage, ServerResponse } from 'node:http';
import { LIVE_RELOAD_OFF } from '../core/live-reload-off.ts';

/** The Server-Sent Events stream that announces rebuilds. */
export const LIVE_RELOAD_PATH = '/__site/livereload';
/** The script that listens to the stream; injected into every HTML response while live reload is on. */
export const LIVE_RELOAD_SCRIPT_PATH = '/__site/livereload.js';

const SCRIPT_TAG = `<script src="${LIVE_RELOAD_SCRIPT_PATH}" defer></script>`;

const SCRIPT = `// Added by \`site serve\`: reloads the page when the site is rebuilt.
(() => {
  const source = new EventSource(${JSON.stringify(LIVE_RELOAD_PATH)});
  source.addEventListener('reload', () => location.reload());
})();
`;

/** The open live-reload streams, and the endpoints that open them. */
export interface LiveReloadHub {
  handle(req: IncomingMessage, res: ServerResponse, rawPath: string): void;
  broadcast(): void;
  closeAll(): void;
}

/** True for the two request paths the live-reload hub answers. */
export function isLiveReloadPath(rawPath: string): boolean {
  return rawPath === LIVE_RELOAD_PATH || rawPath === LIVE_RELOAD_SCRIPT_PATH;
}

/** Inserts the live-reload script tag before the last `</body>`, or at the end when the page has none; not in a page that opts out. */
export function injectLiveReload(html: Buffer): Buffer {
  // latin1 maps bytes to characters one to one, so the index found is a byte offset whatever the page's encoding.
  const text = html.toString('latin1');
  if (text.includes(LIVE_RELOAD_OFF)) return html;
  const at = text.toLowerCase().lastIndexOf('</body');
  const tag = Buffer.from(SCRIPT_TAG);
  if (at === -1) return Buffer.concat([html, tag]);
  return Buffer.concat([html.subarray(0, at), tag, html.subarray(at)]);
}

/** Creates the hub; `broadcast` sends `event: reload` to every open stream. */
export function createLiveReloadHub(): LiveReloadHub {
  const streams = new Set<ServerResponse>();
  return {
    handle(req, res, rawPath) {
      if (rawPath === LIVE_RELOAD_SCRIPT_PATH) return sendScript(req, res);
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
      if (req.method === 'HEAD') return void res.end();
      // The first comment tells the client (and tests) the stream is open before any event is due.
      res.write(': connected\n\n');
      streams.add(res);
      res.on('close', () => streams.delete(res));
    },
    broadcast() {
      for (const res of streams) res.write('event: reload\ndata: 1\n\n');
    },
    closeAll() {
      for (const res of streams) res.end();
      streams.clear();
    },
  };
}

function sendScript(req: IncomingMessage, res: ServerResponse): void {
  const body = Buffer.from(SCRIPT);
  res.writeHead(200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Content-Length': body.length,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
