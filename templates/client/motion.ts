/** True when the visitor asked their system for less motion: nothing then moves by itself. */
export const prefersReducedMotion = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
