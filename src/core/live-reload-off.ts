/** A page that holds unsaved work (the editor) carries this tag, and `site serve` leaves it out of live reload. */
export const LIVE_RELOAD_OFF = '<meta name="site-live-reload" content="off">';
