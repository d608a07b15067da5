/**
 * Field limits the forms show as attributes (maxLength, minLength) and the schemas enforce.
 * Kept apart from the Zod schemas so a page can render its form without loading Zod.
 */
export const NAME_MAX_LENGTH = 200;
export const PHONE_MAX_LENGTH = 30;
export const EMAIL_MAX_LENGTH = 254;
/** better-auth refuses longer passwords (PASSWORD_TOO_LONG): the form says so first. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_LONG = `Use at most ${PASSWORD_MAX_LENGTH} characters`;
