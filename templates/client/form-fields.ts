// Reading and filling a form's fields in the DOM. The consultation form keeps its fields uncontrolled, so the
// DOM holds the truth: text typed before the island hydrated is never overwritten by React.
import { SERVICE_PARAM_PROJECT_TYPES, type FieldName, type InquiryValues } from '../lib/inquiry.ts';

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The element of a named field, if the form has it. */
export function fieldElement(form: HTMLFormElement, name: string): FieldElement | undefined {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement ? element : undefined;
}

/** The current value of each field. */
export function readValues(form: HTMLFormElement, names: readonly FieldName[]): Partial<InquiryValues> {
  return Object.fromEntries(names.map((name) => [name, fieldElement(form, name)?.value ?? '']));
}

/** True when the visitor changed the field from the value the page was served with. */
function isEdited(element: FieldElement): boolean {
  if (element instanceof HTMLSelectElement) return [...element.options].some((option) => option.selected !== option.defaultSelected);
  return element.value !== element.defaultValue;
}

/** The fields the visitor changed before the script arrived (the DOM's served values tell). */
export function editedFields(form: HTMLFormElement, names: readonly FieldName[]): FieldName[] {
  return names.filter((name) => {
    const element = fieldElement(form, name);
    return element !== undefined && isEdited(element);
  });
}

/**
 * Fills the fields a visitor has not touched: first from the saved draft, then the project type from the
 * page address (`?service=additions`), which becomes the select's default: the page's own choice, not the
 * visitor's, so no draft keeps it. What the visitor typed, before or after the script arrived, wins. Returns the
 * fields filled from the draft: they too hold what the visitor entered.
 */
export function restoreFields(form: HTMLFormElement, names: readonly FieldName[], draft: Record<string, string>, preselect: string | undefined): FieldName[] {
  const restored: FieldName[] = [];
  for (const name of names) {
    const element = fieldElement(form, name);
    if (!element || isEdited(element)) continue;
    const value = draft[name] ?? (name === 'project_type' ? preselect : undefined);
    if (value === undefined || value === '') continue;
    if (element instanceof HTMLSelectElement && ![...element.options].some((option) => option.value === value)) continue;
    if (draft[name] === undefined && element instanceof HTMLSelectElement) {
      for (const option of element.options) option.defaultSelected = option.value === value;
      continue;
    }
    element.value = value;
    restored.push(name);
  }
  return restored;
}

/** The project type `?service=` asks for, or undefined for a missing or unknown value. */
export function projectTypeFromQuery(search: string): string | undefined {
  const service = new URLSearchParams(search).get('service');
  return service && Object.hasOwn(SERVICE_PARAM_PROJECT_TYPES, service) ? SERVICE_PARAM_PROJECT_TYPES[service] : undefined;
}
