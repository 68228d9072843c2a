/** The independence-scale reference page (spec §2); opened in a new tab from the form page. */
export const INDEPENDENCE_SCALE_PATH = '/independence-scale';
