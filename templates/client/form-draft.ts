// A visitor's unsent form, kept in sessionStorage until it is sent, so a failed send or a reload loses nothing.
// A draft holds only what the visitor entered, never a default or the address's `?service=` choice: an
// untouched field then follows the address of the next visit, while a choice the visitor made wins over it.

const KEY_PREFIX = 'site:form-draft:';

/** The saved draft of one form, or an empty one (storage may be full, disabled or hold something else). */
export function readDraft(formKey: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY_PREFIX + formKey) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** The draft to keep: the current value of each field the visitor entered, and nothing else. */
export function draftOf(values: Readonly<Record<string, string | undefined>>, entered: ReadonlySet<string>): Record<string, string> {
  const draft: Record<string, string> = {};
  for (const name of entered) {
    const value = values[name];
    if (value !== undefined) draft[name] = value;
  }
  return draft;
}

/** Saves the draft; an empty one removes the stored draft, so a visit without typing leaves nothing behind. */
export function saveDraft(formKey: string, draft: Record<string, string>): void {
  if (Object.keys(draft).length === 0) return clearDraft(formKey);
  try {
    sessionStorage.setItem(KEY_PREFIX + formKey, JSON.stringify(draft));
  } catch {
    // Private mode or a full storage: the fields themselves still hold the text.
  }
}

export function clearDraft(formKey: string): void {
  try {
    sessionStorage.removeItem(KEY_PREFIX + formKey);
  } catch {
    // Nothing was stored.
  }
}
