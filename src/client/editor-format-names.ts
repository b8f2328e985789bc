// The names under which the editor's own script (editor-init.ts) registers the formats that keep a saved file's
// layout, and under which the build's configuration (src/editor/decap-config.ts) asks for them: one list for both.
export const JSON_FORMAT = 'json-stable';
export const MARKDOWN_FORMAT = 'frontmatter-stable';
