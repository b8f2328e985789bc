/** The phone number as a tel: link target: `(408) 555-0142` → `tel:+14085550142`. */
export const telHref = (phone: string): string => `tel:+1${phone.replace(/\D/g, '')}`;
