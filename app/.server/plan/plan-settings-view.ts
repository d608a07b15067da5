import { calendarFeedToken, calendarFeedUrl } from "./calendar-feed";
import { deadlineRemindersOn } from "./reminder-settings";

/** What the profile shows of a person's plan settings: reminders on or off, and their calendar feed's address. */
export async function planSettingsView(userId: string): Promise<{ remindersOn: boolean; feedUrl: string }> {
  const [remindersOn, token] = await Promise.all([deadlineRemindersOn(userId), calendarFeedToken(userId)]);
  return { remindersOn, feedUrl: calendarFeedUrl(token) };
}
