/** The largest profile photo we accept (before it is re-encoded). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** A form carrying a photo: the photo plus the text fields. */
export const PHOTO_FORM_MAX_BYTES = MAX_PHOTO_BYTES + 64 * 1024;
