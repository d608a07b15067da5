/**
 * What a request that failed only because the database could not be reached is told (503, on a
 * page, in the API's envelope, or as plain text), and when to try again (`Retry-After`, seconds).
 */
export const DATABASE_UNAVAILABLE = "We cannot reach our database right now. Please try again in a minute.";
export const DATABASE_RETRY_AFTER_SECONDS = 10;
