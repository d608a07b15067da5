import { getConfig } from "../config";
import { calendarFeedPath, calendarFeedToken } from "./calendar-feed";
import { deadlineRemindersOn } from "./reminder-settings";

/** What the profile and the shortlist show of a person's plan settings: reminders on or off, and their calendar feed's address. */
export async function planSettingsView(userId: string): Promise<{ remindersOn: boolean; feedUrl: string }> {
  const [remindersOn, token] = await Promise.all([deadlineRemindersOn(userId), calendarFeedToken(userId)]);
  return { remindersOn, feedUrl: new URL(calendarFeedPath(token), getConfig().appUrl).href };
}
