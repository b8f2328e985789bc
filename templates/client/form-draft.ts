// A visitor's unsent form, kept in sessionStorage until it is sent, so a failed send or a reload loses nothing.

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

export function saveDraft(formKey: string, values: Record<string, string>): void {
  try {
    sessionStorage.setItem(KEY_PREFIX + formKey, JSON.stringify(values));
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
