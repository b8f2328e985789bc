// The editor page's own script, loaded before Decap CMS's bundle: it asks Decap to wait, registers the formats
// that keep the data files' layout (./editor-formats.ts), guards the photo upload, then starts Decap.
import { parse } from 'yaml';
import { JSON_FORMAT, MARKDOWN_FORMAT } from './editor-format-names.ts';
import { frontMatterFormat, jsonFormat } from './editor-formats.ts';

interface DecapGlobal {
  registerCustomFormat(
    name: string,
    extension: string,
    format: { fromFile(content: string): unknown; toFile(data: unknown): string },
  ): void;
  init(): void;
}

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean;
    CMS?: DecapGlobal;
  }
}

// Decap starts itself as its bundle runs unless this is set; it must first know the formats its configuration names.
window.CMS_MANUAL_INIT = true;

/** The photo types the site's pipeline reads, from this script's tag (`data-extensions="jpg,jpeg,png"`). */
const script = document.currentScript as HTMLScriptElement | null;
const extensions = (script?.dataset.extensions ?? '').split(',').filter(Boolean);
const refusal = script?.dataset.refusal ?? '';

document.addEventListener('DOMContentLoaded', () => {
  const cms = window.CMS;
  if (!cms) return;
  cms.registerCustomFormat(JSON_FORMAT, 'json', jsonFormat() as Parameters<DecapGlobal['registerCustomFormat']>[2]);
  cms.registerCustomFormat(
    MARKDOWN_FORMAT,
    'md',
    frontMatterFormat(parse) as Parameters<DecapGlobal['registerCustomFormat']>[2],
  );
  if (extensions.length > 0) guardUploads(extensions, refusal);
  cms.init();
});

/**
 * Decap's upload button accepts any image (`accept="image/*"`), GIFs and SVGs among them, which the photo pipeline
 * does not publish. Each file input gets the pipeline's types instead (an iPhone's HEIC among them, which the phone
 * then sends as it took it), and a file of another type (picked through "All files") is refused with the reason
 * before Decap sees it.
 */
function guardUploads(allowed: readonly string[], message: string): void {
  const accept = allowed.map((extension) => `.${extension}`).join(',');
  const mark = (root: ParentNode) =>
    root
      .querySelectorAll<HTMLInputElement>('input[type=file]')
      .forEach((input) => input.setAttribute('accept', accept));
  new MutationObserver(() => mark(document)).observe(document.body, { childList: true, subtree: true });
  window.addEventListener(
    'change',
    (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.type !== 'file') return;
      const refused = [...(input.files ?? [])].filter(
        (file) => !allowed.includes(file.name.split('.').pop()?.toLowerCase() ?? ''),
      );
      if (refused.length === 0) return;
      // Capture on window runs before Decap's own handler (React listens on its root): the file never reaches it.
      event.stopImmediatePropagation();
      input.value = '';
      window.alert(`${refused.map((file) => file.name).join(', ')}: ${message}`);
    },
    true,
  );
}
