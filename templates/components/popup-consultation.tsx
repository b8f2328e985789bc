import type { PageContext } from '../../src/index.ts';
import type { SiteData } from '../collections.ts';
import { ConsultationForm } from './consultation-form.tsx';
import { X } from './icons.tsx';

/**
 * The popup consultation: a floating 'Schedule Now' button, hidden until the page script shows it after 23 s,
 * and the modal dialog with the short form. The form's React loads only once the dialog is opened and focus
 * reaches it.
 */
export function PopupConsultation({ context }: { context: PageContext<SiteData, unknown> }) {
  return (
    <>
      <button type="button" className="popup-trigger button button-primary" aria-haspopup="dialog" aria-controls="popup-consultation" hidden>
        Schedule Now
      </button>
      <dialog id="popup-consultation" className="popup-dialog" aria-labelledby="popup-consultation-title">
        <div className="popup-body">
          <div className="popup-header">
            <h2 id="popup-consultation-title">Schedule Your Free Consultation</h2>
            <button type="button" className="popup-close" data-close-dialog="" aria-label="Close">
              <X aria-hidden="true" width={20} height={20} />
            </button>
          </div>
          <p className="popup-intro">Leave your details and we'll call you to find a time that suits you.</p>
          <ConsultationForm context={context} source="popup consultation" variant="popup" compact hydrate="interaction" submitLabel="Schedule My Consultation" />
        </div>
      </dialog>
    </>
  );
}
