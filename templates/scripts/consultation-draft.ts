// The page's consultation form as the visitor left it, from the first paint: their unsent request (kept in
// sessionStorage) and the project type the address asks for (`?service=`). The form's island hydrates only when
// the visitor first uses it, since React costs a phone about 200 ms: what the form shows before then is filled
// here, and what the visitor types while React loads is kept here too, as the island keeps it once hydrated.
import { draftOf, readDraft, saveDraft } from '../client/form-draft.ts';
import { editedFields, projectTypeFromQuery, readValues, restoreFields } from '../client/form-fields.ts';
import { MAIN_FORM_FIELDS } from '../lib/inquiry.ts';

for (const form of document.querySelectorAll<HTMLFormElement>('form.consultation-form')) {
  // The popup's form fills itself as its island hydrates, when the visitor opens it.
  if (form.closest('dialog')) continue;
  const source = form.dataset.source ?? '';
  restoreFields(form, MAIN_FORM_FIELDS, readDraft(source), projectTypeFromQuery(location.search));
  // The fields changed from what the page was served with are the visitor's: the island, once hydrated, saves
  // after this listener (React's is on the island, outside the form), so its draft is the one kept.
  const keep = () => {
    const entered = new Set(editedFields(form, MAIN_FORM_FIELDS));
    saveDraft(source, draftOf(readValues(form, MAIN_FORM_FIELDS), entered));
  };
  form.addEventListener('input', keep);
  form.addEventListener('change', keep);
}
